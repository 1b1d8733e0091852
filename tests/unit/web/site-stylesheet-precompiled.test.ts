// The site stylesheet a production build compiles once (vite.config.ts) and a starting server adopts, so its first
// page does not compile it; anything but a file made for the same classes is ignored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shell } from "~/components/shell-styles.ts";
import { adoptPrecompiledSiteStylesheet, precompiledSiteStylesheet, siteStylesheet } from "~/web/site-stylesheet.server.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-stylesheet-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function saved(name: string, content: unknown): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("the precompiled site stylesheet", () => {
  it("is the stylesheet the server would compile, with the version of the classes it holds", () => {
    const precompiled = precompiledSiteStylesheet();
    expect(precompiled.css).toBe(siteStylesheet().css);
    expect(precompiled.css).toContain(`.${shell.container}{`);
    expect(precompiled.version).toBeGreaterThan(0);
  });

  it("is ignored when missing, unreadable, empty or made for other classes", () => {
    const { version, css } = precompiledSiteStylesheet();
    expect(adoptPrecompiledSiteStylesheet(path.join(folder, "missing.json"))).toBe(false);
    expect(adoptPrecompiledSiteStylesheet(saved("broken.json", "{not json"))).toBe(false);
    expect(adoptPrecompiledSiteStylesheet(saved("empty.json", { version, css: "" }))).toBe(false);
    expect(adoptPrecompiledSiteStylesheet(saved("other.json", { version: version + 1, css: "/* other */" }))).toBe(false);
    expect(siteStylesheet().css).toBe(css);
  });

  it("is served, under a name of its own content, once adopted", () => {
    const { version, css } = precompiledSiteStylesheet();
    const before = siteStylesheet();
    const marked = `${css}\n/* precompiled */`;
    expect(adoptPrecompiledSiteStylesheet(saved("site-stylesheet.json", { version, css: marked }))).toBe(true);
    const after = siteStylesheet();
    expect(after.css).toBe(marked);
    expect(after.fileName).toMatch(/^site-[\w-]{12}\.css$/);
    expect(after.fileName).not.toBe(before.fileName);
  });
});
