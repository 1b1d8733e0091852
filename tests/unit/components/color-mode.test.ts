// The inline <head> script that picks light or dark before the first paint.
import { describe, expect, it } from "vitest";
import { colorModeBootScript, DARK_MODE_KEY } from "~/components/color-mode.ts";

interface FakePage {
  classes: Set<string>;
  colorScheme: string;
  mediaQueries: string[];
}

/** Runs the boot script against a fake page: `stored` is localStorage's value, `systemDark` the OS preference. */
function boot(stored: string | null, systemDark: boolean, options: { storageThrows?: boolean } = {}): FakePage {
  const page: FakePage = { classes: new Set(["preexisting"]), colorScheme: "", mediaQueries: [] };
  const localStorage = {
    getItem(key: string): string | null {
      if (options.storageThrows) throw new Error("SecurityError: storage is disabled");
      return key === DARK_MODE_KEY ? stored : null;
    },
  };
  const window = {
    matchMedia(query: string) {
      page.mediaQueries.push(query);
      return { matches: query === "(prefers-color-scheme: dark)" ? systemDark : false };
    },
  };
  const documentElement = {
    classList: {
      toggle(name: string, force: boolean) {
        if (force) page.classes.add(name);
        else page.classes.delete(name);
        return force;
      },
    },
    style: {
      set colorScheme(value: string) {
        page.colorScheme = value;
      },
      get colorScheme() {
        return page.colorScheme;
      },
    },
  };
  const document = { documentElement };
  // The script only sees the globals handed to it here.
  new Function("localStorage", "window", "document", colorModeBootScript)(localStorage, window, document);
  return page;
}

function mode(page: FakePage): "dark" | "light" | "none" {
  const dark = page.classes.has("dark");
  const light = page.classes.has("light");
  if (dark && !light && page.colorScheme === "dark") return "dark";
  if (light && !dark && page.colorScheme === "light") return "light";
  return "none";
}

describe("colorModeBootScript", () => {
  it('goes dark when darkMode is "true", even if the system prefers light', () => {
    expect(mode(boot("true", false))).toBe("dark");
    expect(mode(boot("true", true))).toBe("dark");
  });

  it('goes light when darkMode is "false", even if the system prefers dark', () => {
    expect(mode(boot("false", true))).toBe("light");
    expect(mode(boot("false", false))).toBe("light");
  });

  it("does not ask the system when the choice is stored", () => {
    expect(boot("false", true).mediaQueries).toEqual([]);
  });

  it("follows the system preference when nothing is stored", () => {
    const dark = boot(null, true);
    expect(mode(dark)).toBe("dark");
    expect(dark.mediaQueries).toEqual(["(prefers-color-scheme: dark)"]);
    expect(mode(boot(null, false))).toBe("light");
  });

  it("keeps the page's other classes", () => {
    expect(boot("true", false).classes).toEqual(new Set(["preexisting", "dark"]));
  });

  it("never breaks the page when storage is refused", () => {
    const page = boot(null, true, { storageThrows: true });
    expect(page.classes).toEqual(new Set(["preexisting"]));
  });
});
