// The shipped nginx config (deploy/nginx/tradebench.conf) is valid for Debian's nginx and does what the app needs from
// its load balancer: live events pass as they happen, the client's address replaces any it claims, the Host with its
// port reaches the app, photo-sized bodies get through, and a dead app server is skipped. Runs when nginx is installed
// (`apt-get install nginx`); skipped otherwise.
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNginx, SHIPPED_CONFIG, startNginx, testConfig } from "../../../deploy/nginx/local-nginx.mjs";

const nginx = findNginx();
const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe.skipIf(!nginx)("the nginx config in deploy/", () => {
  let app: http.Server;
  let proxy: Awaited<ReturnType<typeof startNginx>>;
  let base = "";
  /** Ends the open event stream the fake app server is holding. */
  let endStream = () => {};

  beforeAll(async () => {
    // A stand-in app server: /echo answers what it received, /events sends one event and holds the stream open.
    app = http.createServer((req, res) => {
      if (req.url === "/events") {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write("data: first\n\n");
        endStream = () => res.end("data: last\n\n");
        return;
      }
      let size = 0;
      req.on("data", (chunk: Buffer) => (size += chunk.length));
      req.on("end", () => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ headers: req.headers, size }));
      });
    });
    const appPort = await freePort();
    await new Promise<void>((resolve) => app.listen(appPort, "127.0.0.1", resolve));
    const [proxyPort, deadPort] = await Promise.all([freePort(), freePort()]);
    // The first upstream has nobody listening: requests must reach the live one all the same.
    proxy = startNginx(nginx as string, {
      dir: path.join(TMP_DIR, `nginx-${crypto.randomUUID()}`),
      upstreams: [`127.0.0.1:${deadPort}`, `127.0.0.1:${appPort}`],
      port: proxyPort,
    });
    base = `http://127.0.0.1:${proxyPort}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (proxy.child.exitCode !== null) throw new Error(`nginx exited: ${proxy.output.join("")}`);
      const ready = await fetch(`${base}/echo`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${proxy.output.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    endStream();
    await proxy?.stop();
    await new Promise((resolve) => app?.close(resolve));
  });

  it("passes nginx -t as shipped", () => {
    const result = testConfig(nginx as string, { dir: path.join(TMP_DIR, `nginx-t-${crypto.randomUUID()}`), site: SHIPPED_CONFIG });
    expect(result.output).toContain("test is successful");
    expect(result.ok).toBe(true);
  });

  it("sends the app the client's real address, the scheme and the Host with its port", async () => {
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${base}/echo`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(response.status).toBe(200);
      const { headers } = (await response.json()) as { headers: Record<string, string> };
      expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
      expect(headers["x-forwarded-proto"]).toBe("http");
      expect(headers.host).toBe(new URL(base).host);
    }
  });

  it("lets a listing form with photos through (past nginx's 1 MB default)", async () => {
    const body = new Uint8Array(5 * 1024 * 1024);
    const response = await fetch(`${base}/echo`, { method: "POST", body, headers: { "Content-Type": "application/octet-stream" } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { size: number }).size).toBe(body.length);
  });

  it("delivers a live event while the stream is still open", async () => {
    const response = await fetch(`${base}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("data: first");
    endStream();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain("data: last");
  });
});
