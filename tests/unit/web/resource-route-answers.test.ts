// A resource route (a route module without a page) that returns Remix's `data(body, init)` loses the init's status
// and headers when Remix serves it: a passkey sign-in answered 200 without its session cookie, so the member landed
// signed out. Such modules answer through resourceHandler (app/web/resource-route.server.ts), which keeps both.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.resolve("app/routes");

function resourceRoutesReturningData(): string[] {
  return fs
    .readdirSync(ROUTES)
    .filter((name) => /\.tsx?$/.test(name))
    .filter((name) => {
      const source = fs.readFileSync(path.join(ROUTES, name), "utf8");
      const isPage = /export default\b/.test(source);
      const usesData = /import \{[^}]*\bdata\b[^}]*\} from "@remix-run\/node"/.test(source);
      return !isPage && usesData && !source.includes("resourceHandler(");
    })
    .sort();
}

describe("resource routes", () => {
  it("answer through resourceHandler whenever they use data(), so statuses and cookies arrive", () => {
    expect(resourceRoutesReturningData()).toEqual([]);
  });
});
