// The loading spinner as the server renders it.
import { ChakraProvider } from "@chakra-ui/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoadingSpinner } from "~/components/LoadingSpinner.tsx";
import { system } from "~/theme.ts";

function render(props: Parameters<typeof LoadingSpinner>[0] = {}): string {
  return renderToString(
    <ChakraProvider value={system}>
      <LoadingSpinner {...props} />
    </ChakraProvider>,
  );
}

/** The element carrying role="status" and the text inside it. */
function statusRegion(html: string): { tag: string; text: string } {
  const match = /<(\w+)[^>]*\brole="status"[^>]*>/.exec(html);
  if (!match) throw new Error(`no role="status" element in ${html}`);
  const inner = html.slice(match.index + match[0].length);
  const text = inner
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();
  return { tag: match[0], text };
}

/** The class list of the spinner itself (the element after the status region's opening tag). */
function spinnerClasses(html: string): string {
  const region = /role="status"[^>]*>/.exec(html);
  if (!region) throw new Error("no status region");
  const after = html.slice(region.index + region[0].length).replace(/^(?:<style[^>]*>[\s\S]*?<\/style>)+/, "");
  const classes = /^<\w+[^>]*\bclass="([^"]*)"/.exec(after);
  if (!classes) throw new Error(`no spinner element in ${after.slice(0, 200)}`);
  return classes[1] ?? "";
}

describe("LoadingSpinner", () => {
  it('says "Loading..." in a polite status region by default', () => {
    const { tag, text } = statusRegion(render());
    expect(tag).toContain('aria-live="polite"');
    expect(text).toBe("Loading...");
  });

  it("shows a custom message", () => {
    expect(statusRegion(render({ message: "Fetching your listings…" })).text).toBe("Fetching your listings…");
  });

  it("shows no text when the message is empty", () => {
    expect(statusRegion(render({ message: "" })).text).toBe("");
  });

  it("renders the three sizes differently, medium by default", () => {
    const small = spinnerClasses(render({ size: "small" }));
    const medium = spinnerClasses(render({ size: "medium" }));
    const large = spinnerClasses(render({ size: "large" }));
    for (const classes of [small, medium, large]) expect(classes).toContain("chakra-spinner");
    expect(new Set([small, medium, large]).size).toBe(3);
    expect(spinnerClasses(render())).toBe(medium);
    for (const html of [render({ size: "small" }), render({ size: "large" })]) {
      expect(statusRegion(html).text).toBe("Loading...");
    }
  });
});
