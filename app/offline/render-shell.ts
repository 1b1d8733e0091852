// The parts around every offline page: the banner, the changes waiting to sync and the notices of changes the
// server could not apply. Thin.
import { cls, h, replaceChildren } from "./dom.ts";
import { SHELL_WORDS, type NoticeView, type PendingListView } from "./shell-view.ts";

export function renderPending(container: HTMLElement, view: PendingListView | null): void {
  container.hidden = view === null;
  if (!view) {
    replaceChildren(container);
    return;
  }
  replaceChildren(
    container,
    h("h2", { attrs: { id: "pending-heading" } }, view.heading, " ", h("span", { attrs: { class: "count-badge", "aria-hidden": "true" } }, String(view.count))),
    cls("p", "muted small", view.countText),
    h(
      "ul",
      { attrs: { class: "plain-list pending-list", "aria-labelledby": "pending-heading" } },
      ...view.items.map((item) =>
        h("li", { attrs: { "data-action-id": item.id } }, cls("span", "pending-text", item.text), cls("span", "muted small", item.detail)),
      ),
    ),
  );
}

export function renderNotices(container: HTMLElement, notices: NoticeView[], onDismiss: (id: string) => void): void {
  container.hidden = notices.length === 0;
  if (notices.length === 0) {
    replaceChildren(container);
    return;
  }
  replaceChildren(
    container,
    h("h2", { attrs: { id: "notices-heading" } }, SHELL_WORDS.noticesHeading),
    h(
      "ul",
      { attrs: { class: "plain-list pending-list", "aria-labelledby": "notices-heading" } },
      ...notices.map((notice) =>
        h(
          "li",
          { attrs: { class: "row" } },
          cls("span", "pending-text", notice.text),
          h(
            "button",
            { attrs: { type: "button", class: "button", "aria-label": notice.dismissLabel }, on: { click: () => onDismiss(notice.id) } },
            SHELL_WORDS.dismiss,
          ),
        ),
      ),
    ),
  );
}
