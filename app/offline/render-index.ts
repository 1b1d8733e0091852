// Elements of the offline index ("You're offline" and what is kept on this device) from its view. Thin.
import { cls, h, type Child } from "./dom.ts";
import type { IndexSection, OfflineIndexView } from "./index-view.ts";
import { pageHeading } from "./render-parts.ts";

export function renderIndex(view: OfflineIndexView): Child[] {
  return [
    view.missingListing ? cls("p", "callout callout-warning", view.missingListing) : null,
    pageHeading(view.heading),
    cls("p", "lead", view.nothingSaved ?? view.intro),
    view.nothingSaved ? null : cls("div", "index-sections", ...view.sections.map(indexSection)),
  ];
}

function indexSection(section: IndexSection): HTMLElement {
  const headingId = `index-${section.id}-heading`;
  return h(
    "section",
    { attrs: { class: "card stack-sm", "aria-labelledby": headingId } },
    h("h2", { attrs: { id: headingId, class: "card-title" } }, section.title, " ", h("span", { attrs: { class: "count" } }, `(${section.count})`)),
    cls("p", "muted small", section.countText),
    section.links.length > 0
      ? h(
          "ul",
          { attrs: { class: "plain-list link-list" } },
          ...section.links.map((link) =>
            h("li", null, h("a", { attrs: { href: link.href } }, link.title), link.detail ? cls("span", "muted small link-detail", link.detail) : null),
          ),
        )
      : null,
    section.more && section.count > 0 ? h("p", null, h("a", { attrs: { href: section.more.href, class: "button" } }, section.more.label)) : null,
  );
}
