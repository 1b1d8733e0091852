// U+0000 in what a browser or device sends: PostgreSQL cannot keep it in a text column (SQLite can), so a NUL in a
// message, a name, a note or a search used to be a 500 on PostgreSQL only. It is dropped as the request is read, so
// both engines answer alike and store the same text.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { openConversation } from "~/services/messaging/messages.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { ROUTE_CONTEXT, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const messagesRoute = await import("~/routes/messages.tsx");
const profileRoute = await import("~/routes/profile.tsx");
const registerRoute = await import("~/routes/register.tsx");
const watchlistRoute = await import("~/routes/watchlist.tsx");
const offlineActionsRoute = await import("~/routes/resources.offline-actions.ts");
const listingsRoute = await import("~/routes/listings._index.tsx");

const NUL = "\u0000";
let opened: OpenedDatabase;
let buyer: string;
let listingId: number;
let conversationId: number;
const { get, post } = routeCalls({ db: () => opened.db });

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const seller = await insertUserRow(opened.db, undefined, "seller");
  buyer = await insertUserRow(opened.db);
  listingId = await insertListingRow(opened.db, seller, { title: "Fluke 87V multimeter", brand: "Fluke" });
  ({ conversationId } = await openConversation(opened.db, buyer, listingId));
  await opened.db.insertInto("watchlist").values({ user_id: buyer, listing_id: listingId }).execute();
});
afterAll(() => opened.close());

describe("a NUL character in a form", () => {
  it("is left out of a message, which is sent", async () => {
    const answer = await post(messagesRoute, `/messages?conversation=${conversationId}`, buyer, {
      intent: "send",
      conversationId: String(conversationId),
      body: `Still${NUL} available?`,
    });
    expect(answer.status).toBe(302);
    const stored = await opened.db.selectFrom("messages").select("body").where("conversation_id", "=", conversationId).execute();
    expect(stored.map((row) => row.body)).toEqual(["Still available?"]);
  });

  it("is left out of the profile's fields, which are saved", async () => {
    const answer = await post(profileRoute, "/profile", buyer, { firstName: `Ada${NUL}`, lastName: "Lovelace", bio: `${NUL}Engines` });
    expect(answer.status).toBe(200);
    const profile = await opened.db.selectFrom("profiles").select(["first_name", "bio"]).where("id", "=", buyer).executeTakeFirstOrThrow();
    expect(profile).toEqual({ first_name: "Ada", bio: "Engines" });
  });

  it("is left out of a new account's name", async () => {
    const email = `nul-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const answer = await post(registerRoute, "/register", null, {
      firstName: `Grace${NUL}`,
      lastName: "Hopper",
      email,
      password: "a-long-enough-password-1",
      confirmPassword: "a-long-enough-password-1",
      intent: "buy",
    });
    expect(answer.status).toBe(302);
    const profile = await opened.db
      .selectFrom("profiles")
      .innerJoin("users", "users.id", "profiles.id")
      .select("profiles.first_name")
      .where("users.email", "=", email)
      .executeTakeFirstOrThrow();
    expect(profile.first_name).toBe("Grace");
  });

  it("is left out of a watched item's notes", async () => {
    const answer = await post(watchlistRoute, "/watchlist", buyer, { intent: "notes", listingId: String(listingId), notes: `Ask${NUL} about probes` });
    expect(answer.status).toBeLessThan(400);
    const row = await opened.db.selectFrom("watchlist").select("notes").where("user_id", "=", buyer).executeTakeFirstOrThrow();
    expect(row.notes).toBe("Ask about probes");
  });
});

describe("a NUL character elsewhere", () => {
  it("in the message search finds what the search without it finds", async () => {
    const plain = await get(messagesRoute, "/messages?q=fluke", buyer);
    const withNul = await get(messagesRoute, `/messages?q=fluke${encodeURIComponent(NUL)}`, buyer);
    expect(withNul.status).toBe(200);
    const conversationsOf = (answer: typeof plain) => (answer.data as { conversations: unknown[] }).conversations;
    expect(conversationsOf(withNul)).toEqual(conversationsOf(plain));
    expect(conversationsOf(plain)).toHaveLength(1);
  });

  it.each(["brand", "search"])("in the /listings %s filter finds what the filter without it finds", async (name) => {
    const plain = await get(listingsRoute, `/listings?${name}=Fluke`, buyer);
    const withNul = await get(listingsRoute, `/listings?${name}=Fl${encodeURIComponent(NUL)}uke${encodeURIComponent(NUL)}`, buyer);
    expect(withNul.status).toBe(200);
    const idsOf = (answer: typeof plain) => (answer.data as { listings: Array<{ id: number }> }).listings.map((listing) => listing.id);
    expect(idsOf(withNul)).toEqual(idsOf(plain));
    expect(idsOf(plain)).toContain(listingId);
  });

  it("in the offline outbox's notes and saved search is left out, and the actions are applied", async () => {
    const request = new Request("http://localhost/resources/offline-actions", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await sessionCookie(opened.db, buyer) },
      body: JSON.stringify({
        actions: [
          { id: "nul-notes-0001", kind: "notes", listingId, notes: `Offline${NUL} note` },
          {
            id: "nul-search-0001",
            kind: "saved_search",
            name: `Meters${NUL}`,
            params: { keyword: `fluke${NUL}`, category: null, minPrice: null, maxPrice: null, condition: [], testLevel: null, calibrated: false },
          },
        ],
      }),
    });
    const response = (await offlineActionsRoute.action({ request, params: {}, context: ROUTE_CONTEXT } as never)) as Response;
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { outcome: string }[] };
    expect(results.map((result) => result.outcome)).toEqual(["applied", "applied"]);
    const row = await opened.db.selectFrom("watchlist").select("notes").where("user_id", "=", buyer).executeTakeFirstOrThrow();
    expect(row.notes).toBe("Offline note");
    const search = await opened.db.selectFrom("saved_searches").select(["name", "search_params"]).where("user_id", "=", buyer).executeTakeFirstOrThrow();
    expect(search.name).toBe("Meters");
    expect(JSON.parse(search.search_params)).toMatchObject({ keyword: "fluke" });
  });
});
