// The site stylesheet: Chakra's global CSS and the static classes, compiled once and served under a content hash.
import { describe, expect, it } from "vitest";
import { shell } from "~/components/shell-styles.ts";
import { siteStylesheet } from "~/web/site-stylesheet.server.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { loader } from "~/routes/styles.$file.ts";

function requestFor(file: string) {
  return { request: new Request(`http://localhost/styles/${file}`), params: { file }, context: { cspNonce: "", clientIp: "127.0.0.1" } };
}

describe("the site stylesheet", () => {
  it("starts with Chakra's layer order, then its reset, tokens and the theme's global rules", () => {
    const { css } = siteStylesheet();
    expect(css.startsWith("@layer reset, base, tokens, recipes;")).toBe(true);
    expect(css).toContain("@layer reset{");
    expect(css).toMatch(/--chakra-colors-blue-fg:/);
    expect(css).toContain(".skip-link:focus");
  });

  it("holds the static classes with Chakra's tokens, conditions and recipes resolved", () => {
    const { css } = siteStylesheet();
    expect(shell.container).toBe("tb-shell-container");
    expect(css).toContain(".tb-shell-container{max-width:var(--chakra-sizes-7xl);}");
    // The recipe part stays in Chakra's recipes layer, under the class's own rules.
    expect(css).toMatch(/@layer recipes\{\.tb-shell-iconButton\{[^}]*display:inline-flex/);
    expect(css).toContain(".tb-shell-srOnly{position:absolute;width:1px;height:1px;");
  });

  it("compiles one part of a slot recipe, with its variants, under the class's own rules", () => {
    const card = staticClasses("test-slot", {
      root: { slotRecipe: "card", slot: "root", variants: { size: "sm" } },
      body: { slotRecipe: "card", slot: "body", variants: { size: "sm" }, css: { color: "red.fg" } },
    });
    const { css } = siteStylesheet();
    expect(css).toMatch(new RegExp(`@layer recipes\\{\\.${card.body}\\{[^}]*padding:var\\(--card-padding\\)`));
    expect(css).toMatch(new RegExp(`@layer recipes\\{\\.${card.root}\\{[^}]*--card-padding:var\\(--chakra-spacing-4\\)`));
    expect(css).toContain(`.${card.body}{color:var(--chakra-colors-red-fg);}`);
  });

  it("is named after its content, so a new class gives a new name", () => {
    const before = siteStylesheet();
    expect(before.href).toBe(`/styles/${before.fileName}`);
    expect(before.fileName).toMatch(/^site-[\w-]{12}\.css$/);
    expect(siteStylesheet()).toBe(before);

    const added = staticClasses("test-only", { box: { color: "red.fg", md: { color: "blue.fg" } } });
    const after = siteStylesheet();
    expect(after.fileName).not.toBe(before.fileName);
    expect(after.css).toContain(`.${added.box}{color:var(--chakra-colors-red-fg);}`);
    expect(after.css).toMatch(/@media screen and \(min-width: 48rem\)\{\.tb-test-only-box\{color:var\(--chakra-colors-blue-fg\);\}/);
  });

  it("is served for a year under its own name, and without caching under an older one", async () => {
    const { fileName, css } = siteStylesheet();
    const current = loader(requestFor(fileName));
    expect(current.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await current.text()).toBe(css);

    const older = loader(requestFor("site-0123456789ab.css"));
    expect(older.headers.get("Cache-Control")).toBe("no-cache");
    expect(await older.text()).toBe(css);

    expect(() => loader(requestFor("../secrets.css"))).toThrow();
  });
});
