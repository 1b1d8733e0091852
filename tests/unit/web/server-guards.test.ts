// The HTTP server's gate (server-guards.mjs): state-changing requests from another origin — scheme included — are
// refused; a site served over HTTPS sends Strict-Transport-Security.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sameOriginOnly, strictTransportSecurity } from "../../../server-guards.mjs";

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use("/https", strictTransportSecurity);
  app.use(sameOriginOnly);
  app.all("*", (_req, res) => {
    res.send("reached");
  });
  server = app.listen(0);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(headers: Record<string, string>): Promise<Response> {
  return fetch(`${origin}/login`, { method: "POST", headers, body: "email=a" });
}

describe("same-origin check", () => {
  it("lets this site's own forms through", async () => {
    const response = await post({ Origin: origin });
    expect(await response.text()).toBe("reached");
  });

  it("refuses the same host under another scheme", async () => {
    const response = await post({ Origin: origin.replace("http:", "https:") });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("This request came from another site and was refused.");
  });

  it("refuses another site, a Referer of another site, and no origin at all", async () => {
    expect((await post({ Origin: "http://evil.example" })).status).toBe(403);
    expect((await post({ Referer: "http://evil.example/x" })).status).toBe(403);
    expect((await post({})).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
  });

  it("does not check reads", async () => {
    const response = await fetch(`${origin}/listings`, { headers: { Origin: "http://evil.example" } });
    expect(response.status).toBe(200);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent where the site is served over HTTPS, for a year", async () => {
    const response = await fetch(`${origin}/https/page`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect((await fetch(`${origin}/page`)).headers.get("strict-transport-security")).toBeNull();
  });
});
