// The detail route's loader and error page together: a bad id reads "Listing not found" with Browse Listings,
// a database failure reads "Failed to load listing details. Please try again.".
import { ChakraProvider } from "@chakra-ui/react";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database as Schema } from "#db/schema.ts";
import { system } from "~/theme.ts";

/** A database whose connection is closed: every query fails, as when the disk or the file is gone. */
function brokenDatabase(): Kysely<Schema> {
  const connection = new Database(":memory:");
  connection.close();
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: connection }) });
}

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const route = await import("~/routes/listings.$id.tsx");

/** Thrown `data(...)` results become real responses, as the Remix server does. */
function asResponse(error: unknown): unknown {
  if (error && typeof error === "object" && "type" in error && error.type === "DataWithResponseInit") {
    const thrown = error as unknown as { data: unknown; init: ResponseInit | null };
    return new Response(JSON.stringify(thrown.data), { ...thrown.init, headers: { "Content-Type": "application/json" } });
  }
  return error;
}

async function render(path: string): Promise<{ status: number; html: string }> {
  const originalError = console.error;
  const handler = createStaticHandler([
    {
      path: "/listings/:id",
      loader: async (args) => {
        try {
          return await route.loader({ ...args, context: { cspNonce: "", clientIp: "192.0.2.1" } });
        } catch (error) {
          throw asResponse(error);
        }
      },
      Component: route.default,
      ErrorBoundary: route.ErrorBoundary,
    },
  ]);
  console.error = () => {};
  try {
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <ChakraProvider value={system}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChakraProvider>,
    );
    return { status: context.statusCode, html };
  } finally {
    console.error = originalError;
  }
}

function text(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

afterEach(() => {
  database.current = undefined;
});

describe("/listings/{id} error page", () => {
  it("answers a non-numeric id with 404 Listing not found and a Browse Listings link, without touching the database", async () => {
    database.current = brokenDatabase();
    const { status, html } = await render("/listings/abc");
    expect(status).toBe(404);
    expect(text(html)).toContain("Listing not found");
    expect(html).toMatch(/<a[^>]*href="\/listings"[^>]*>Browse Listings<\/a>/);
    expect(text(html)).not.toContain("Failed to load listing details");
  });

  it("answers a database failure with the load-failure message and a way to try again", async () => {
    database.current = brokenDatabase();
    const { status, html } = await render("/listings/42");
    expect(status).toBe(500);
    expect(text(html)).toContain("Failed to load listing details. Please try again.");
    expect(text(html)).toContain("Try Again");
    expect(text(html)).not.toContain("Listing not found");
  });
});
