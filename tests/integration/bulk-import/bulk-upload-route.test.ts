// The /bulk-upload action's refusals before any work: a file not named .csv, a body announced over
// 15 MB, a file with 5,001 rows, a non-CSV renamed .csv, a header missing required fields (kept for the mapping step,
// where the message comes) — each answered with its message and nothing stored but the last.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { BULK_MESSAGES } from "~/lib/bulk-import.ts";
import { ROUTE_CONTEXT, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

let opened: OpenedDatabase;
let cookie: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const seller = await insertUserRow(opened.db, undefined, "seller");
  cookie = await sessionCookie(opened.db, seller);
});

afterAll(async () => {
  await opened?.close();
});

function upload(name: string, body: BlobPart, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  form.append("file", new File([body], name, { type: "text/csv" }));
  return new Request("http://localhost/bulk-upload", { method: "POST", body: form, headers: { Cookie: cookie, Origin: "http://localhost", ...headers } });
}

async function answer(request: Request): Promise<{ status: number; message: string | null; location: string | null }> {
  const { action } = await import("~/routes/bulk-upload.tsx");
  try {
    const result = (await action({ request, params: {}, context: ROUTE_CONTEXT })) as unknown as { data?: { formError?: string }; init?: ResponseInit | null };
    return { status: result.init?.status ?? 200, message: result.data?.formError ?? null, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, message: null, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const imports = async () =>
  Number(
    (
      await opened.db
        .selectFrom("bulk_imports")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const HEADER = "brand,model,condition,price,photo_urls\n";
const ROW = "Fluke,87V,good,325,https://img.example/a.jpg\n";

describe("POST /bulk-upload (the upload)", () => {
  it("refuses before any work, with the page's messages", async () => {
    expect(await answer(upload("stock.xlsx", HEADER + ROW))).toMatchObject({ status: 400, message: BULK_MESSAGES.notCsv });
    expect(await answer(upload("stock.csv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).toMatchObject({
      status: 400,
      message: BULK_MESSAGES.notCsv,
    });
    expect(await answer(upload("stock.csv", HEADER + ROW.repeat(5_001)))).toMatchObject({ status: 413, message: BULK_MESSAGES.tooManyRows });
    expect(await answer(upload("stock.csv", HEADER + ROW, { "Content-Length": String(16 * 1024 * 1024) }))).toMatchObject({
      status: 413,
      message: BULK_MESSAGES.tooLarge,
    });
    expect(await imports()).toBe(0);
  });

  it("keeps a good file and opens its mapping step", async () => {
    const result = await answer(upload("stock.csv", "Manufacturer;MPN;Condition;Price\n" + "Fluke;87V;good;325\n"));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/bulk-upload\?import=\d+$/);
    expect(await imports()).toBe(1);
    // The mapping step refuses the missing photo column in the spec's words.
    const id = Number(result.location!.split("=")[1]);
    const form = new URLSearchParams({
      intent: "map",
      importId: String(id),
      "mapping[0]": "brand",
      "mapping[1]": "model",
      "mapping[2]": "condition",
      "mapping[3]": "price",
    });
    const mapped = await answer(
      new Request("http://localhost/bulk-upload", {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(mapped).toMatchObject({ status: 400, message: "Missing required fields: photo_urls" });
  });
});
