// Pieces every offline view uses: the page heading (focused after in-page navigation), photos, price lines and
// labelled form fields with their error text.
import { cls, h } from "./dom.ts";
import type { PriceLine } from "./offline-format.ts";

export const PAGE_HEADING_ID = "page-heading";

/** The page's h1; tabindex -1 so focus can move to it when the page changes without a load. */
export function pageHeading(text: string): HTMLHeadingElement {
  return h("h1", { attrs: { id: PAGE_HEADING_ID, tabindex: -1 } }, text);
}

/** A stored photo (served from the photo cache offline), or a plain placeholder when the listing has none. */
export function photoOrPlaceholder(src: string | null, alt: string): HTMLElement {
  if (!src) return h("div", { attrs: { class: "photo-placeholder", role: alt ? "img" : null, "aria-label": alt || null } }, alt ? null : "No photo");
  return h("img", { attrs: { src, alt, decoding: "async" } });
}

export function priceParagraph(price: PriceLine): HTMLParagraphElement {
  return cls("p", "price", cls("span", "muted small", `${price.label}: `), h("strong", null, price.text));
}

export interface FormField {
  wrapper: HTMLElement;
  control: HTMLInputElement | HTMLTextAreaElement;
  error: HTMLElement;
}

/** A labelled control with room for its error (tied with aria-describedby while shown). */
export function fieldWithError(id: string, label: string, control: HTMLInputElement | HTMLTextAreaElement): FormField {
  const error = h("p", { attrs: { id: `${id}-error`, class: "field-error", hidden: true } });
  return { wrapper: cls("div", "field", h("label", { attrs: { for: id } }, label), control, error), control, error };
}

/** Shows each field's error (or clears it) and moves focus to the first field in error. */
export function showFieldErrors(fields: Record<string, FormField>, errors: Record<string, string>): void {
  let first: FormField | null = null;
  for (const [name, field] of Object.entries(fields)) {
    const message = errors[name];
    field.error.textContent = message ?? "";
    field.error.hidden = !message;
    if (message) {
      field.control.setAttribute("aria-invalid", "true");
      field.control.setAttribute("aria-describedby", field.error.id);
      first ??= field;
    } else {
      field.control.removeAttribute("aria-invalid");
      field.control.removeAttribute("aria-describedby");
    }
  }
  first?.control.focus();
}
