// The home page's category browser markup (made once per process from the taxonomy): the database's ids, five items
// per subcategory then "+ N more...", and names escaped.
import { describe, expect, it } from "vitest";
import { taxonomyRows } from "#db/reference-data.ts";
import { BROWSER_ITEMS_SHOWN, browserGroups, categoryBrowserMarkup } from "~/components/home/CategoryBrowser.tsx";
import { CATEGORY_TAXONOMY } from "~/reference/taxonomy.ts";

describe("category browser", () => {
  it("has the ids, names and order of the categories the database is synced with", () => {
    const rows = taxonomyRows();
    const fromRows = rows
      .filter((row) => row.level === 1)
      .map((main) => ({
        id: main.id,
        name: main.name,
        subcategories: rows
          .filter((sub) => sub.parent_id === main.id)
          .map((sub) => ({
            id: sub.id,
            name: sub.name,
            items: rows.filter((item) => item.parent_id === sub.id).map((item) => ({ id: item.id, name: item.name })),
          })),
      }));
    expect(browserGroups(CATEGORY_TAXONOMY)).toEqual(fromRows);
  });

  it("shows five items per subcategory, then “+ N more...” for the rest, each linking to its listings", () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ id: `main_sub_item_${i}`, name: `Item ${i}` }));
    const html = categoryBrowserMarkup([{ id: "main", name: "Main", subcategories: [{ id: "sub", name: "Sub", items }] }]);
    expect(html).toContain('<a href="/listings?category=main"');
    expect(html).toContain('data-subcategory="sub"');
    // The subcategory's disclosure and, inside it, the "+ N more..." one.
    expect(html.match(/<details/g)).toHaveLength(2);
    const visibleList = html.slice(0, html.indexOf('data-more-items="'));
    expect(visibleList.match(/<li>/g)).toHaveLength(BROWSER_ITEMS_SHOWN);
    expect(html).toContain(`data-more-items="2"><span class="when-closed">+ 2 more...</span>`);
    expect(html).toContain('<a href="/listings?category=main_sub_item_6">Item 6</a>');
    expect(html).toMatch(/<a href="\/listings\?category=sub" class="[^"]+">All Sub<\/a>/);
  });

  it("escapes names and shows no “more” disclosure for five items or fewer", () => {
    const html = categoryBrowserMarkup([{ id: "m", name: "A & B", subcategories: [{ id: "s", name: "<Tools>", items: [{ id: "i", name: 'Probe "x"' }] }] }]);
    expect(html).toContain(">A &amp; B</a>");
    expect(html).toContain("&lt;Tools&gt;</summary>");
    expect(html).toContain(">Probe &quot;x&quot;</a>");
    expect(html).not.toContain("data-more-items");
  });

  it("says so when there are no categories", () => {
    expect(categoryBrowserMarkup([])).toContain("No categories yet.");
  });
});
