// /auctions/{id}/end and /auctions/{id}/cancel, and the owner's controls on the lot page: only the listing's owner ends
// or cancels (docs/product/auctions.md#ending Ownership), with the spec's messages for everyone else, a confirmation that works without
// JavaScript, and never a 500 for bad input.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { OwnerAuctionControls, OwnerAuctionOutcome } from "~/components/auction/OwnerAuctionControls.tsx";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { asResponse, pageRoute, pageText, renderPage, ROUTE_CONTEXT as CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const endRoute = await import("~/routes/auctions.$id_.end.tsx");
const cancelRoute = await import("~/routes/auctions.$id_.cancel.tsx");

let opened: OpenedDatabase;
const cookies: Record<"owner" | "buyer", string> = { owner: "", buyer: "" };
let ownerId: string;
let buyerId: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  ownerId = await insertUserRow(opened.db, undefined, "seller");
  buyerId = await insertUserRow(opened.db);
  for (const [key, id] of [
    ["owner", ownerId],
    ["buyer", buyerId],
  ] as const) {
    cookies[key] = await sessionCookie(opened.db, id);
  }
});
afterAll(() => opened.close());

function request(path: string, who: "owner" | "buyer" | null, form?: Record<string, string>): Request {
  const headers = new Headers();
  if (who) headers.set("Cookie", cookies[who]);
  if (!form) return new Request(`http://localhost${path}`, { headers });
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** Calls the action as the server would and answers with the response it would send. */
async function post(route: RouteModule, id: string, who: "owner" | "buyer" | null, form: Record<string, string>, action: "end" | "cancel") {
  let result: unknown;
  try {
    result = await route.action!({ request: request(`/auctions/${id}/${action}`, who, form), params: { id }, context: CONTEXT });
  } catch (thrown) {
    result = thrown;
  }
  const response = asResponse(result);
  if (!(response instanceof Response)) throw new Error(`unexpected result ${JSON.stringify(result)}`);
  const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as { error?: string; message?: string }) : null;
  return { status: response.status, location: response.headers.get("Location"), body };
}

/** Renders the route's page for a document request (GET, or POST: action, then loader). */
function render(route: RouteModule, path: string, who: "owner" | "buyer", form?: Record<string, string>) {
  return renderPage([pageRoute("/auctions/:id/:action", route)], request(path, who, form));
}

/** Renders a component inside a data router at `url` (it reads the navigation state and the search params). */
async function renderComponent(element: JSX.Element, url = "http://localhost/auctions/1") {
  return (await renderPage([{ path: "*", Component: () => element }], new Request(url))).html;
}

/** The confirmation boxes in the HTML, with their attributes that matter (type, name, required, value). */
function confirmBoxes(html: string): string[] {
  return (html.match(/<input[^>]*name="confirm"[^>]*>/g) ?? []).map((tag) => {
    const attributes = ["type", "name", "required", "value"].flatMap((name) => tag.match(new RegExp(`\\b${name}="[^"]*"`)) ?? []);
    return `<input ${attributes.join(" ")}/>`;
  });
}

async function statusOf(auctionId: number): Promise<string> {
  return (await opened.db.selectFrom("auctions").select("status").where("id", "=", auctionId).executeTakeFirstOrThrow()).status;
}

describe("POST /auctions/{id}/end", () => {
  it("sends visitors to sign in first", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    const result = await post(endRoute, String(auctionId), null, { confirm: "yes" }, "end");
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?from=${encodeURIComponent(`/auctions/${auctionId}/end`)}`);
    expect(await statusOf(auctionId)).toBe("active");
  });

  it("refuses anyone but the owner with the spec's message, confirmed or not", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    for (const form of [{ confirm: "yes" }, {}] as Array<Record<string, string>>) {
      expect(await post(endRoute, String(auctionId), "buyer", form, "end")).toMatchObject({
        status: 403,
        body: { error: "You do not have permission to end this auction" },
      });
    }
    expect(await statusOf(auctionId)).toBe("active");
  });

  it("asks the owner to confirm, then ends the auction and shows the outcome on the lot page", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    await placeBid(opened.db, { auctionId, bidderId: buyerId, amountCents: 100_000 });
    expect(await post(endRoute, String(auctionId), "owner", {}, "end")).toMatchObject({
      status: 400,
      body: { error: "Please tick “I understand bidders will be told” to confirm." },
    });
    expect(await statusOf(auctionId)).toBe("active");

    const ended = await post(endRoute, String(auctionId), "owner", { confirm: "yes" }, "end");
    expect(ended).toMatchObject({ status: 302, location: `/auctions/${auctionId}?outcome=sold` });
    expect(await statusOf(auctionId)).toBe("ended");
    expect(await opened.db.selectFrom("orders").select("buyer_id").where("auction_id", "=", auctionId).execute()).toEqual([{ buyer_id: buyerId }]);

    expect(await post(endRoute, String(auctionId), "owner", { confirm: "yes" }, "end")).toMatchObject({
      status: 409,
      body: { error: "This auction cannot be ended" },
    });
  });

  it("answers an auction without bids with its own outcome", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    expect(await post(endRoute, String(auctionId), "owner", { confirm: "yes" }, "end")).toMatchObject({
      location: `/auctions/${auctionId}?outcome=no_bids`,
    });
  });

  it("answers unknown auctions and bad ids with 404, and a body that is not a form with 400", async () => {
    expect(await post(endRoute, "987654", "owner", { confirm: "yes" }, "end")).toMatchObject({ status: 404 });
    expect(await post(endRoute, "abc", "owner", { confirm: "yes" }, "end")).toMatchObject({ status: 404 });
    expect(await post(endRoute, "99999999999999999999", "owner", { confirm: "yes" }, "end")).toMatchObject({ status: 404 });
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    let thrown: unknown;
    try {
      await endRoute.action({
        request: new Request(`http://localhost/auctions/${auctionId}/end`, {
          method: "POST",
          headers: { Cookie: cookies.owner, "Content-Type": "multipart/form-data; boundary=x" },
          body: "not a form",
        }),
        params: { id: String(auctionId) },
        context: CONTEXT,
      });
    } catch (error) {
      thrown = error;
    }
    expect((asResponse(thrown) as Response).status).toBe(400);
    expect(await statusOf(auctionId)).toBe("active");
  });
});

describe("POST /auctions/{id}/cancel", () => {
  it("refuses anyone but the owner, cancels for the owner, and refuses a second time", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    expect(await post(cancelRoute, String(auctionId), "buyer", { confirm: "yes" }, "cancel")).toMatchObject({
      status: 403,
      body: { error: "You do not have permission to cancel this auction" },
    });
    expect(await post(cancelRoute, String(auctionId), "owner", {}, "cancel")).toMatchObject({ status: 400 });
    expect(await statusOf(auctionId)).toBe("active");
    expect(await post(cancelRoute, String(auctionId), "owner", { confirm: "yes" }, "cancel")).toMatchObject({
      status: 302,
      location: `/auctions/${auctionId}?outcome=cancelled`,
    });
    expect(await statusOf(auctionId)).toBe("cancelled");
    expect(await post(cancelRoute, String(auctionId), "owner", { confirm: "yes" }, "cancel")).toMatchObject({
      status: 409,
      body: { error: "This auction cannot be cancelled" },
    });
  });
});

describe("the confirmation pages", () => {
  it("show the owner the question with a confirmation box the browser requires", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    const page = await render(endRoute, `/auctions/${auctionId}/end`, "owner");
    expect(page.status).toBe(200);
    expect(page.text).toContain("End the auction for");
    expect(page.html).toMatch(new RegExp(`<form[^>]*method="post"[^>]*action="/auctions/${auctionId}/end"`));
    expect(confirmBoxes(page.html)).toEqual(['<input type="checkbox" name="confirm" required="" value="yes"/>']);
    expect(page.text).toContain("I understand bidders will be told");
    expect(page.text).toContain("End auction now");
  });

  it("tell someone else why they are refused, without the form", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    const page = await render(cancelRoute, `/auctions/${auctionId}/cancel`, "buyer");
    expect(page.status).toBe(403);
    expect(page.text).toContain("You do not have permission to cancel this auction");
    expect(page.html).not.toContain('name="confirm"');
  });

  it("ask again when the box was not ticked (no JavaScript), and say when the auction is over", async () => {
    const { auctionId } = await insertAuctionRow(opened.db, ownerId);
    const unconfirmed = await render(cancelRoute, `/auctions/${auctionId}/cancel`, "owner", {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("Please tick “I understand bidders will be told” to confirm.");
    expect(unconfirmed.html).toContain('name="confirm"');

    await opened.db.updateTable("auctions").set({ status: "ended" }).where("id", "=", auctionId).execute();
    const over = await render(endRoute, `/auctions/${auctionId}/end`, "owner");
    expect(over.status).toBe(409);
    expect(over.text).toContain("This auction cannot be ended");
    expect(over.html).not.toContain('name="confirm"');
  });

  it("answer a bad id with the not-found page", async () => {
    const page = await render(endRoute, "/auctions/abc/end", "owner");
    expect(page.status).toBe(404);
  });
});

describe("OwnerAuctionControls", () => {
  it("offers both forms while the auction runs or is upcoming", async () => {
    for (const status of ["active", "upcoming"]) {
      const html = await renderComponent(<OwnerAuctionControls auctionId={7} status={status} bidCount={3} />);
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/auctions\/7\/end"/);
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/auctions\/7\/cancel"/);
      expect(confirmBoxes(html)).toHaveLength(2);
      expect(pageText(html)).toContain("End auction now");
      expect(pageText(html)).toContain("Cancel auction");
    }
    expect(pageText(await renderComponent(<OwnerAuctionControls auctionId={7} status="active" bidCount={3} />))).toContain("the 3 bids no longer count");
  });

  it("shows nothing once the auction has ended or been cancelled", async () => {
    for (const status of ["ended", "cancelled"]) {
      expect(pageText(await renderComponent(<OwnerAuctionControls auctionId={7} status={status} bidCount={0} />))).toBe("");
    }
  });

  it("tells the owner the outcome after the redirect", async () => {
    expect(pageText(await renderComponent(<OwnerAuctionOutcome />, "http://localhost/auctions/7?outcome=cancelled"))).toContain(
      "The auction has been cancelled.",
    );
    expect(pageText(await renderComponent(<OwnerAuctionOutcome />, "http://localhost/auctions/7?outcome=nonsense"))).toBe("");
  });
});
