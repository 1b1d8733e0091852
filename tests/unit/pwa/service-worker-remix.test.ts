// The service worker's offline answers to Remix's own requests (service-worker/remix-offline.ts), read back with
// Remix's own single-fetch decoder, so a Remix upgrade that changes the wire format fails here.
import { UNSAFE_SingleFetchRedirectSymbol } from "@remix-run/server-runtime";
import { ServerMode } from "@remix-run/server-runtime/dist/mode.js";
import { decodeViaTurboStream } from "@remix-run/react/dist/single-fetch.js";
import { encodeViaTurboStream } from "@remix-run/server-runtime/dist/single-fetch.js";
import { describe, expect, it } from "vitest";
import {
  documentUrlOf,
  isNeverCached,
  isRemixDataRequest,
  isRouteManifestRequest,
  OFFLINE_MUTATION_MESSAGE,
  offlineDataAnswer,
  offlineMutationAnswer,
  offlineRouteManifestAnswer,
  singleFetchReloadBody,
} from "../../../service-worker/remix-offline.ts";

const at = (path: string) => new URL(path, "https://tradebench.test");

describe("which requests are Remix's", () => {
  it.each([
    ["/_root.data", true],
    ["/listings.data?q=scope&_routes=root,routes/listings", true],
    ["/listings/12.data", true],
    ["/watchlist?_data=routes%2Fwatchlist", true],
    ["/listings", false],
    ["/uploads/listings/12/a.webp", false],
    ["/metadata", false],
  ])("%s is a data request: %s", (path, expected) => {
    expect(isRemixDataRequest(at(path))).toBe(expected);
  });

  it("knows route discovery", () => {
    expect(isRouteManifestRequest(at("/__manifest?p=%2Fauctions&version=abc"))).toBe(true);
    expect(isRouteManifestRequest(at("/__manifest.data"))).toBe(false);
  });
});

describe("the document a data request belongs to", () => {
  it.each([
    ["/_root.data", "/"],
    ["/_root.data?_routes=root,routes/_index", "/"],
    ["/listings.data?q=scope&_routes=root,routes/listings", "/listings?q=scope"],
    ["/listings/12.data", "/listings/12"],
    ["/watchlist?tab=searches&_data=routes%2Fwatchlist", "/watchlist?tab=searches"],
  ])("%s → %s", (path, expected) => {
    expect(documentUrlOf(at(path))).toBe(expected);
  });
});

describe("offline answers", () => {
  it("answers a single-fetch request with a reload-document redirect Remix's client decodes", async () => {
    const answer = offlineDataAnswer(at("/listings.data?q=scope&_routes=root,routes/listings"));
    expect(answer.status).toBe(202);
    const decoded = await decodeViaTurboStream(answer.body!, globalThis as unknown as Window);
    const value = decoded.value as Record<symbol, unknown>;
    expect(value[UNSAFE_SingleFetchRedirectSymbol]).toEqual({
      redirect: "/listings?q=scope",
      status: 302,
      revalidate: false,
      reload: true,
      replace: false,
    });
  });

  it("writes the same bytes as Remix's server for a reload-document redirect", async () => {
    const redirect = { redirect: "/watchlist?tab=searches", status: 302, revalidate: false, reload: true, replace: false };
    const server = encodeViaTurboStream({ [UNSAFE_SingleFetchRedirectSymbol]: redirect }, new AbortController().signal, 1000, ServerMode.Production);
    expect(singleFetchReloadBody("/watchlist?tab=searches")).toBe(await new Response(server).text());
  });

  it("answers a ?_data request with Remix's redirect headers", () => {
    const answer = offlineDataAnswer(at("/watchlist?_data=routes%2Fwatchlist"));
    expect(answer.status).toBe(204);
    expect(answer.headers.get("X-Remix-Redirect")).toBe("/watchlist");
    expect(answer.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("answers route discovery with Remix's reload signal", () => {
    const answer = offlineRouteManifestAnswer();
    expect(answer.status).toBe(204);
    expect(answer.headers.has("X-Remix-Reload-Document")).toBe(true);
  });

  it("refuses a form post with a 503 and the offline message", async () => {
    const answer = offlineMutationAnswer();
    expect(answer.status).toBe(503);
    expect(await answer.text()).toBe(OFFLINE_MUTATION_MESSAGE);
    expect(OFFLINE_MUTATION_MESSAGE).toBe("You are offline. This needs a connection.");
  });
});

describe("never cached", () => {
  it.each([
    ["/admin", true],
    ["/admin/users", true],
    ["/admin.data", true],
    ["/events", true],
    ["/resources/offline-snapshot", true],
    ["/logout", true],
    ["/uploads/listings/12/a.webp", false],
    ["/watchlist", false],
    ["/listings/12", false],
  ])("%s: %s", (path, expected) => {
    expect(isNeverCached(at(path))).toBe(expected);
  });
});
