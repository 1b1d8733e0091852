// Reused renders: only for repeatable GET pages, never across different data, always with the new nonce.
import type { EntryContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { forgetRenders, recallRender, rememberRender, renderMemoKey } from "~/web/render-memo.server.ts";

function context(loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}): EntryContext {
  // Only staticHandlerContext is read; the rest of EntryContext does not matter here.
  return { staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra } } as unknown as EntryContext;
}

const page = new Request("http://localhost/listings?search=scope");

beforeEach(() => forgetRenders());

describe("render memo keys", () => {
  it("are equal for the same address and data, different otherwise", () => {
    const a = renderMemoKey(page, 200, context({ root: { user: null }, listings: [1, 2] }));
    expect(a).toBe(renderMemoKey(page, 200, context({ root: { user: null }, listings: [1, 2] })));
    expect(a).not.toBe(renderMemoKey(page, 200, context({ root: { user: { id: "u1" } }, listings: [1, 2] })));
    expect(a).not.toBe(renderMemoKey(new Request("http://localhost/listings?search=probe"), 200, context({ root: { user: null }, listings: [1, 2] })));
  });

  it("are not given to posts, errors, non-200 answers or data JSON cannot compare", () => {
    expect(renderMemoKey(new Request("http://localhost/listings", { method: "POST" }), 200, context({}))).toBeNull();
    expect(renderMemoKey(page, 404, context({}))).toBeNull();
    expect(renderMemoKey(page, 200, context({}, { errors: { root: new Error("x") } }))).toBeNull();
    expect(renderMemoKey(page, 200, context({ later: Promise.resolve(1) }))).toBeNull();
    expect(renderMemoKey(page, 200, context({ set: new Map() }))).toBeNull();
  });
});

describe("recalling a render", () => {
  it("puts this request's nonce in place of the stored one", () => {
    rememberRender("k", '<script nonce="OLD">1</script><script nonce="OLD">2</script>', "OLD", 1_000);
    expect(recallRender("k", "NEW", 2_000)).toBe('<script nonce="NEW">1</script><script nonce="NEW">2</script>');
  });

  it("forgets renders older than a minute", () => {
    rememberRender("k", "<p>page</p>", "N", 0);
    expect(recallRender("k", "N", 60_001)).toBeUndefined();
    expect(recallRender("k", "N", 60_002)).toBeUndefined();
  });

  it("keeps at most 500, dropping the least recently used", () => {
    for (let i = 0; i < 501; i++) rememberRender(`k${i}`, `<p>${i}</p>`, "N", 0);
    expect(recallRender("k0", "N", 1)).toBeUndefined();
    expect(recallRender("k500", "N", 1)).toBe("<p>500</p>");
  });
});
