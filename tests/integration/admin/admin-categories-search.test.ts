// /admin/categories is short to read, on both engines: every main category is a <details> element,
// closed until opened, so the page works without JavaScript; a search (a GET form, matched on the server) shows the
// matching categories with the categories they are in, opened, and nothing else.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";
import { pageRoute, renderPage, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const categoriesRoute = (await import("~/routes/admin.categories.tsx")) as unknown as RouteModule;

let opened: OpenedDatabase;
let adminCookie: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  adminCookie = await sessionCookie(opened.db, await insertUserRow(opened.db, "categories-admin@example.test", "admin"));
});
afterAll(() => opened.close());

const page = (url: string) =>
  renderPage([pageRoute("/admin/categories", categoriesRoute)], new Request(`http://localhost${url}`, { headers: { Cookie: adminCookie } }));

/** The main categories on the page, each with whether its <details> is open. */
function mainCategories(html: string): { id: string; open: boolean }[] {
  return [...html.matchAll(/data-category="([^"]+)"[^>]*><details( open="")?>/g)].map((found) => ({ id: found[1]!, open: found[2] !== undefined }));
}

describe("/admin/categories", () => {
  it("shows every main category, each closed, and a search box", async () => {
    const shown = await page("/admin/categories");
    expect(shown.status).toBe(200);
    expect(shown.html).toMatch(/<form[^>]*method="get"[^>]*role="search"/);
    expect(shown.html).toContain('name="q"');
    const mains = mainCategories(shown.html);
    expect(mains.map((main) => main.id)).toEqual(CATEGORY_TAXONOMY.map((main) => main.slug));
    expect(mains.every((main) => !main.open)).toBe(true);
    // An empty search is no search.
    expect(mainCategories((await page("/admin/categories?q=+")).html)).toEqual(mains);
    // The whole taxonomy with its forms: a large page to render.
  }, 120_000);

  it("a search shows the matching item with its subcategory and main category, opened, and nothing else", async () => {
    const shown = await page("/admin/categories?q=spectrum+ANALYZERS");
    expect(shown.status).toBe(200);
    expect(mainCategories(shown.html)).toEqual([{ id: "industrial_electronics", open: true }]);
    expect(shown.text).toContain("Industrial Electronics");
    expect(shown.text).toContain("Test & Measurement");
    expect(shown.text).toContain("Spectrum Analyzers");
    // Its siblings are not what was searched for.
    expect(shown.text).not.toContain("Oscilloscopes");
    expect(shown.text).not.toContain("Signal Generators");
    expect(shown.text).toContain("Categories matching “spectrum ANALYZERS”");
  });

  it("a search matching a subcategory shows everything in it; one matching nothing says so", async () => {
    const sub = await page("/admin/categories?q=test+%26+measurement");
    expect(mainCategories(sub.html)).toEqual([{ id: "industrial_electronics", open: true }]);
    expect(sub.text).toContain("Oscilloscopes");
    expect(sub.text).toContain("Spectrum Analyzers");

    const none = await page("/admin/categories?q=zzqx-no-such-category");
    expect(mainCategories(none.html)).toEqual([]);
    expect(none.text).toContain("No category matches “zzqx-no-such-category”.");
  });

  it("finds a category renamed by staff by its new name", async () => {
    const { changeCategory } = await import("~/services/admin/index.server.ts");
    const admin = await opened.db.selectFrom("profiles").select("id").where("email", "=", "categories-admin@example.test").executeTakeFirstOrThrow();
    await changeCategory(opened.db, admin.id, {
      action: "rename",
      categoryId: "industrial_electronics_test_measurement_oscilloscopes",
      name: "Digitising scopes",
    });
    const shown = await page("/admin/categories?q=digitising");
    expect(shown.text).toContain("Digitising scopes");
    expect(shown.text).toContain("(was Oscilloscopes)");
    expect(mainCategories(shown.html)).toEqual([{ id: "industrial_electronics", open: true }]);
  });
});
