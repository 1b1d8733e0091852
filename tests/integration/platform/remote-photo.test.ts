// The bulk import's photo fetcher refuses addresses inside Tradebench's network (SSRF): loopback, private,
// link-local (cloud metadata), after DNS resolution and after every redirect; http/https only; 10 MB; a time limit.
// A local server stands in for a seller's photo host, let through only by the explicit allow-list tests set.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchRemotePhoto, isPublicAddress, REMOTE_PHOTO_MESSAGES } from "~/services/platform/remote-photo.server.ts";

let server: http.Server;
let port: number;
let allow: string[];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? "/";
    if (url === "/photo.png") {
      response.writeHead(200, { "Content-Type": "image/png" });
      response.end(Buffer.alloc(2_000, 1));
    } else if (url === "/to-localhost") {
      response.writeHead(302, { Location: `http://localhost:${port}/photo.png` });
      response.end();
    } else if (url === "/to-loopback") {
      response.writeHead(301, { Location: `http://127.0.0.2:${port}/photo.png` });
      response.end();
    } else if (url === "/to-metadata") {
      response.writeHead(307, { Location: "http://169.254.169.254/latest/meta-data/" });
      response.end();
    } else if (url === "/loop") {
      response.writeHead(302, { Location: "/loop" });
      response.end();
    } else if (url === "/slow") {
      // Never answers: the fetch's time limit ends it.
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  allow = [`127.0.0.1:${port}`];
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const refused = (message: string) => expect.objectContaining({ message, kind: "invalid" });

describe("fetchRemotePhoto", () => {
  it("fetches from an allowed host", async () => {
    expect((await fetchRemotePhoto(`http://127.0.0.1:${port}/photo.png`, { allowHosts: allow })).byteLength).toBe(2_000);
  });

  it("refuses loopback, private and link-local addresses", async () => {
    await expect(fetchRemotePhoto(`http://127.0.0.1:${port}/photo.png`, { allowHosts: [] })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.privateAddress));
    for (const address of [
      "http://10.1.2.3/a.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/a.png",
      "http://[::ffff:127.0.0.1]/a.png",
      "http://192.168.0.10/a.png",
      "http://0.0.0.0/",
    ]) {
      await expect(fetchRemotePhoto(address, { allowHosts: [] })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.privateAddress));
    }
  });

  it("refuses a DNS name that resolves to loopback", async () => {
    await expect(fetchRemotePhoto(`http://localhost:${port}/photo.png`, { allowHosts: [] })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.privateAddress));
  });

  it("checks every redirect again", async () => {
    for (const path of ["/to-localhost", "/to-loopback", "/to-metadata"]) {
      await expect(fetchRemotePhoto(`http://127.0.0.1:${port}${path}`, { allowHosts: allow })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.privateAddress));
    }
    await expect(fetchRemotePhoto(`http://127.0.0.1:${port}/loop`, { allowHosts: allow })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.redirects));
  });

  it("fetches http and https only", async () => {
    for (const address of ["file:///etc/passwd", "ftp://example.com/a.png", "gopher://example.com/", "data:image/png;base64,AAAA"]) {
      await expect(fetchRemotePhoto(address, { allowHosts: [] })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.scheme));
    }
    await expect(fetchRemotePhoto("not a url", { allowHosts: [] })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.invalid));
  });

  it("stops at the size and time limits, and reports a missing photo", async () => {
    await expect(fetchRemotePhoto(`http://127.0.0.1:${port}/photo.png`, { allowHosts: allow, maxBytes: 1_000 })).rejects.toEqual(
      refused(REMOTE_PHOTO_MESSAGES.tooLarge),
    );
    await expect(fetchRemotePhoto(`http://127.0.0.1:${port}/slow`, { allowHosts: allow, timeoutMs: 300 })).rejects.toEqual(
      refused(REMOTE_PHOTO_MESSAGES.timeout),
    );
    await expect(fetchRemotePhoto(`http://127.0.0.1:${port}/missing.png`, { allowHosts: allow })).rejects.toEqual(refused(REMOTE_PHOTO_MESSAGES.status(404)));
  });

  it("judges addresses", () => {
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1::1")).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "nonsense",
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});
