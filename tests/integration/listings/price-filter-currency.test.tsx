// The /listings price filter says which currency it reads: prices are compared in the reference currency
// (REFERENCE_CURRENCY), so the fields are labelled with it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { pageRoute, renderPage } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
vi.stubEnv("REFERENCE_CURRENCY", "EUR");

const listingsRoute = await import("~/routes/listings._index.tsx");

let opened: OpenedDatabase;
beforeAll(() => {
  opened = createTestDatabase();
  database.current = opened.db;
});
afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

const page = (search: string) => renderPage([pageRoute("/listings", listingsRoute, "listings")], new Request(`http://localhost/listings${search}`));

describe("the price filter", () => {
  it("is labelled with the reference currency it compares in", async () => {
    const answer = await page("");
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(/<label[^>]*>Min price \(EUR\)/);
    expect(answer.html).toMatch(/<label[^>]*>Max price \(EUR\)/);
    expect(answer.text).not.toContain("Max price (USD)");
  });
});
