// A small element builder for the offline page: text always goes in as text nodes (never parsed as HTML), so a
// stored title or description can never inject markup.

export type Child = Node | string | number | null | undefined | false;
type AttributeValue = string | number | boolean | null | undefined;

export interface ElementOptions {
  /** Attributes (class, id, href, aria-*, data-*…): false, null and undefined leave the attribute out, true sets it empty. */
  attrs?: Record<string, AttributeValue>;
  /** Event listeners. */
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** h("a", { attrs: { href: "/watchlist" } }, "Watchlist") */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElementOptions | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(options?.attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const [type, listener] of Object.entries(options?.on ?? {})) {
    element.addEventListener(type, listener as EventListener);
  }
  append(element, children);
  return element;
}

/** Shorthand for an element with only a class. */
export function cls<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: Child[]): HTMLElementTagNameMap[K] {
  return h(tag, { attrs: { class: className } }, ...children);
}

/** Replaces an element's children. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/** A <time> with the ISO instant in datetime and the full date as a tooltip. */
export function timeElement(iso: string, text: string): HTMLTimeElement {
  const date = new Date(iso);
  return h("time", { attrs: { datetime: iso, title: Number.isFinite(date.getTime()) ? date.toLocaleString("en-US") : null } }, text);
}
