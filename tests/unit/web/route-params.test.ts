// Route ids read one way (app/web/route-params.server.ts): a bad id is the same answer as a missing thing, not found.
import { describe, expect, it } from "vitest";
import { parseRouteId, routeIdOf } from "~/web/route-params.server.ts";

/** What the route answers: the thrown data() of the error boundary, as status and body. */
function answerOf(run: () => unknown): { status: number; body: unknown } {
  try {
    run();
  } catch (thrown) {
    const answer = thrown as { init: { status?: number } | null; data: unknown };
    return { status: answer.init?.status ?? 200, body: answer.data };
  }
  throw new Error("nothing was thrown");
}

describe("route ids", () => {
  it("are positive whole numbers written in digits", () => {
    expect(routeIdOf("42")).toBe(42);
    expect(parseRouteId("7", "Listing not found")).toBe(7);
    expect(routeIdOf("999999999999999")).toBe(999_999_999_999_999);
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", " 7", "7 ", "0x10", "", "9999999999999999999", null, undefined])("%j is not an id", (bad) => {
    expect(routeIdOf(bad)).toBeNull();
  });

  it("answers a bad id with not found and the page's message", () => {
    expect(answerOf(() => parseRouteId("abc", "Listing not found"))).toEqual({ status: 404, body: { message: "Listing not found" } });
    expect(answerOf(() => parseRouteId(undefined, "Order not found"))).toEqual({ status: 404, body: { message: "Order not found" } });
  });
});
