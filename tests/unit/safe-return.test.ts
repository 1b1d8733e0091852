// Where sign-in and forms send a visitor back to: only paths of this site, read as a browser reads a Location header.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "~/lib/safe-return.ts";

const FALLBACK = "/dashboard";

describe("safeReturnPath", () => {
  it.each(["/", "/listings?search=scope&page=2", "/auctions/12#bids", "/listings/5?returnTo=%2Fwatchlist"])("keeps the site path %s", (to) => {
    expect(safeReturnPath(to, FALLBACK)).toBe(to);
  });

  it.each([
    ["a tab between the slashes (the probe's /\\t/evil.example)", "/\t/evil.example"],
    ["a line break (an invalid header value)", "/listings\r\nSet-Cookie: x=1"],
    ["a protocol-relative address", "//evil.example/"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["a dot segment that leaves //", "/.//evil.example/"],
    ["a relative path", "listings"],
    ["nothing", ""],
    ["an overlong path", `/${"a".repeat(2001)}`],
  ])("refuses %s", (_label, to) => {
    expect(safeReturnPath(to, FALLBACK)).toBe(FALLBACK);
  });

  it("refuses what is not a string", () => {
    expect(safeReturnPath(["/listings"], FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath(null, FALLBACK)).toBe(FALLBACK);
  });

  it('never returns an address a browser would resolve to another site (e.g. "/.//evil.example")', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("/", "\\", "\t", "\n", ".", ":", "@", "e", "%", "?", "#", " "), maxLength: 12 }), (tail) => {
        const result = safeReturnPath(`/${tail}`, FALLBACK);
        expect(new URL(result, "https://tradebench.example").origin).toBe("https://tradebench.example");
        expect([...result].every((char) => char.charCodeAt(0) >= 0x20)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
