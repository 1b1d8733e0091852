// The detail route's loader and error page together: a bad id reads "Listing not found" with Browse Listings,
// a database failure reads "Failed to load listing details. Please try again.".
import { afterEach, describe, expect, it, vi } from "vitest";
import { brokenDatabase, pageRoute, renderPage } from "../../support/route-pages.tsx";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/listings.$id.tsx");

const render = (path: string) => renderPage([pageRoute("/listings/:id", route)], new Request(`http://localhost${path}`));

afterEach(() => {
  database.current = undefined;
});

describe("/listings/{id} error page", () => {
  it("answers a non-numeric id with 404 Listing not found and a Browse Listings link, without touching the database", async () => {
    database.current = brokenDatabase();
    const { status, html, text } = await render("/listings/abc");
    expect(status).toBe(404);
    expect(text).toContain("Listing not found");
    expect(html).toMatch(/<a[^>]*href="\/listings"[^>]*>Browse Listings<\/a>/);
    expect(text).not.toContain("Failed to load listing details");
  });

  it("answers a database failure with the load-failure message and a way to try again", async () => {
    database.current = brokenDatabase();
    const { status, text } = await render("/listings/42");
    expect(status).toBe(500);
    expect(text).toContain("Failed to load listing details. Please try again.");
    expect(text).toContain("Try Again");
    expect(text).not.toContain("Listing not found");
  });
});
