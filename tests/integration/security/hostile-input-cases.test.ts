// Bad input once answered with a 500, a wrong status or no message, each as the
// request that found it, answered as the server answers it: resource routes through Remix's own handler in
// production mode, pages through their action and the page itself. The generated variants live in
// hostile-input.test.ts; the forged brand fields are in tests/integration/web/form-limits-routes.test.ts; oversized
// forms over a real connection (413, not a reset) in tests/integration/web/oversized-forms-http.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { AI_LISTING_MESSAGES } from "~/schemas/ai-listing-create.ts";
import { AI_RATE_LIMITS, allowGeneration } from "~/services/ai/index.server.ts";
import { PROFILE_MESSAGES } from "~/schemas/profile.ts";
import { IMAGE_MESSAGES } from "~/services/platform/image-pipeline.server.ts";
import { FORM_MESSAGES, NOT_A_FORM_MESSAGE } from "~/web/form-data.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { isResourceRoute, resourceServer } from "../../support/remix-resources.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const UPLOADS_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp", `uploads-hostile-cases-${crypto.randomUUID()}`);
process.env.UPLOADS_DIR = UPLOADS_DIR;

const ROUTES_DIR = path.resolve("app/routes");
const profileRoute = await import("~/routes/profile.tsx");
const createRoute = await import("~/routes/create-listing.tsx");
const notificationsRoute = await import("~/routes/notifications.tsx");

let opened: OpenedDatabase;
let buyer: string;
let unconfirmed: string;
let seller: string;
let listing: number;
let draft: number;
let serve: (request: Request) => Promise<Response>;
const resourceFiles: string[] = [];
/** Methods each resource route has no handler for (GET without a loader, the others without an action). */
const unserved: string[] = [];

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  buyer = await insertUserRow(opened.db);
  unconfirmed = await insertUserRow(opened.db, undefined, "buyer", { confirmed: false });
  seller = await insertUserRow(opened.db, undefined, "seller");
  listing = await insertListingRow(opened.db, seller, { title: "Keysight DSOX3034T oscilloscope" });
  draft = await insertListingRow(opened.db, seller, { title: "Fluke 87V (draft)", status: "draft" });
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of fs.readdirSync(ROUTES_DIR).filter((name) => /\.tsx?$/.test(name))) {
    const module = (await import(path.join(ROUTES_DIR, file))) as Record<string, unknown>;
    if (isResourceRoute(module)) {
      modules.set(file, module);
      resourceFiles.push(file);
      if (typeof module.loader !== "function") unserved.push(`GET ${file}`);
      if (typeof module.action !== "function") unserved.push(`POST ${file}`, `PUT ${file}`, `DELETE ${file}`);
    }
  }
  serve = resourceServer(modules);
});

afterAll(async () => {
  await opened.close();
  fs.rmSync(UPLOADS_DIR, { recursive: true, force: true });
});

/** What a loader or action threw or returned, as status, Location and JSON body. */
async function settle(work: () => Promise<unknown>): Promise<{ status: number; location: string | null; body: Record<string, unknown> }> {
  let value: unknown;
  try {
    value = await work();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    return { status: value.status, location: value.headers.get("Location"), body: text.startsWith("{") ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const { data, init } = value as unknown as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, body: data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value as Record<string, unknown> };
}

function formRequest(url: string, cookie: string | null, fields: Record<string, string>): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${url}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

function multipartRequest(url: string, cookie: string, contentType: string, body: string): Request {
  return new Request(`http://localhost${url}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": contentType, Origin: "http://localhost" }, body });
}

function fileForm(field: string, name: string, bytes: Uint8Array, type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append(field, new File([Buffer.from(bytes)], name, { type }));
  return form;
}

/** A PNG of `width` × `height` pixels whose header says so and whose pixels are a few bytes: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function truncatedJpeg(): Promise<Uint8Array> {
  const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

const avatarUrl = async (userId: string) =>
  (await opened.db.selectFrom("profiles").select("avatar_url").where("id", "=", userId).executeTakeFirstOrThrow()).avatar_url;

describe("multipart bodies on /profile", () => {
  const avatarPart = '\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n';
  const cases: Array<[string, string, string]> = [
    ["without a boundary", "multipart/form-data", `--abc${avatarPart}--abc--\r\n`],
    ["with a cut-off boundary", "multipart/form-data; boundary=abc", `--abc${avatarPart}--ab`],
    ["with a boundary the body never uses", "multipart/form-data; boundary=zzz", `--abc${avatarPart}--abc--\r\n`],
  ];
  for (const [label, contentType, body] of cases) {
    it(`answers an avatar upload ${label} with 400 and a message`, async () => {
      const answer = await settle(async () =>
        profileRoute.action({
          request: multipartRequest("/profile", await sessionCookie(opened.db, buyer), contentType, body),
          params: {},
          context: ROUTE_CONTEXT,
        }),
      );
      expect(answer).toMatchObject({ status: 400, body: { message: NOT_A_FORM_MESSAGE } });
      expect(await avatarUrl(buyer)).toBeNull();
    });
  }
});

describe("avatar pictures", () => {
  const upload = async (name: string, bytes: Uint8Array, type?: string) =>
    settle(async () =>
      profileRoute.action({
        request: new Request("http://localhost/profile", {
          method: "POST",
          headers: { Cookie: await sessionCookie(opened.db, buyer) },
          body: fileForm("avatar", name, bytes, type),
        }),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    );

  it("refuses a truncated JPEG with 400 and the avatar's message, storing nothing", async () => {
    expect(await upload("cut.jpg", await truncatedJpeg())).toMatchObject({ status: 400, body: { ok: false, message: PROFILE_MESSAGES.avatarNotImage } });
    expect(await avatarUrl(buyer)).toBeNull();
  });

  for (const [width, height] of [
    [16_000, 16_000],
    [20_000, 20_000],
  ] as const) {
    it(`refuses a ${width} × ${height} PNG with the listing photos' megapixel message, before decoding it`, async () => {
      const started = performance.now();
      const answer = await upload("bomb.png", pngHeaderOnly(width, height), "image/png");
      expect(answer).toMatchObject({ status: 400, body: { ok: false, message: IMAGE_MESSAGES.tooManyPixels } });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await avatarUrl(buyer)).toBeNull();
    });
  }

  it("still takes a real photo", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer();
    expect(await upload("me.jpg", photo)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await avatarUrl(buyer)).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
  });
});

describe("the AI wizard's photos", () => {
  it("refuses a truncated JPEG with 400 and the photo's message, as the listing form does", async () => {
    const form = fileForm("photos", "cut.jpg", await truncatedJpeg());
    form.append("brand", "Keysight");
    form.append("model", "DSOX3034T");
    form.append("condition", "used_good");
    const response = await serve(new Request("http://localhost/resources/ai-listing", { method: "POST", body: form }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { photos: [AI_LISTING_MESSAGES.photoNotAnImage("cut.jpg")] } });
  });
});

describe("the AI wizard over its limit (issue 32 §6)", () => {
  it("refuses an anonymous address over its allowance with 429 before reading a byte of its photos", async () => {
    const ip = "198.51.100.250";
    for (let i = 0; i < AI_RATE_LIMITS.visitorPerIp.limit; i += 1) await allowGeneration(opened.db, { userId: null, ip });
    const form = fileForm("photos", "big.jpg", new Uint8Array(2 * 1024 * 1024));
    form.append("brand", "Keysight");
    form.append("model", "DSOX3034T");
    form.append("condition", "used_good");
    const sent = new Request("http://localhost/x", { method: "POST", body: form });
    const bytes = new Uint8Array(await sent.arrayBuffer());
    let read = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const piece = bytes.subarray(read, read + 64 * 1024);
          read += piece.length;
          if (piece.length === 0) controller.close();
          else controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    const aiRoute = await import("~/routes/resources.ai-listing.ts");
    const request = new Request("http://localhost/resources/ai-listing", {
      method: "POST",
      body,
      headers: { "Content-Type": sent.headers.get("Content-Type")! },
      duplex: "half",
    } as RequestInit);
    const response = await aiRoute.action({ request, params: {}, context: { ...ROUTE_CONTEXT, clientIp: ip } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(read).toBe(0);
  });
});

describe("the listing form", () => {
  it("refuses features[10000] with 400 and a message", async () => {
    const answer = await settle(async () =>
      createRoute.action({
        request: formRequest("/create-listing", await sessionCookie(opened.db, seller), { title: "Scope", "features[10000]": "x" }),
        params: {},
        context: ROUTE_CONTEXT,
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/too many rows/);
  });

  // The bracket syntax was dropped unread, so specifications[45000][key] created the listing.
  for (const index of [45_000, 45_000_000]) {
    it(`refuses specifications[${index}][key] with 400 and the list's cap, creating nothing`, async () => {
      const before = await opened.db
        .selectFrom("equipment_listings")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const fields = {
        title: "Scope",
        description: "A scope",
        categoryId: "x",
        condition: "used_good",
        price: "100",
        [`specifications[${index}][key]`]: "Bandwidth",
        [`specifications[${index}][value]`]: "350 MHz",
      };
      const answer = await settle(async () =>
        createRoute.action({ request: formRequest("/create-listing", await sessionCookie(opened.db, seller), fields), params: {}, context: ROUTE_CONTEXT }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(FORM_MESSAGES.tooManyRows(50));
      const after = await opened.db
        .selectFrom("equipment_listings")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    });
  }

  it("renders the page when one feature is sent without an index (the row editor needs a list)", async () => {
    const page = await renderPage(
      [pageRoute("/create-listing", createRoute as unknown as RouteModule)],
      formRequest("/create-listing", await sessionCookie(opened.db, seller), { title: "Scope", features: "Bandwidth 350 MHz" }),
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain("Bandwidth 350 MHz");
  });

  for (const name of ["scope=front.png", "scope;front.png", 'a"; name="title.png']) {
    it(`reads the form when a picture is named ${name}`, async () => {
      const form = fileForm("images", name, pngHeaderOnly(2, 2), "image/png");
      form.append("title", "");
      const answer = await settle(async () =>
        createRoute.action({
          request: new Request("http://localhost/create-listing", { method: "POST", headers: { Cookie: await sessionCookie(opened.db, seller) }, body: form }),
          params: {},
          context: ROUTE_CONTEXT,
        }),
      );
      // The form was read: its own messages (a title is needed), not "This request did not contain a form".
      expect(answer.status).toBe(400);
      expect(answer.body.message).not.toBe(NOT_A_FORM_MESSAGE);
      expect(JSON.stringify(answer.body)).toContain("title");
    });
  }
});

describe("returnTo with a line break", () => {
  for (const returnTo of ["/listings\r\nSet-Cookie: a=1", "/\t/evil.example", "/a\nb"]) {
    it(`${JSON.stringify(returnTo)} on /listings/{id}/watch sends the member back to the listing`, async () => {
      const response = await serve(formRequest(`/listings/${listing}/watch`, await sessionCookie(opened.db, buyer), { intent: "watch", returnTo }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/listings/${listing}`);
    });

    it(`${JSON.stringify(returnTo)} on /listings/{id}/watch sends a visitor to sign in, then back to the listing`, async () => {
      const response = await serve(formRequest(`/listings/${listing}/watch`, null, { intent: "watch", returnTo }));
      expect(response.headers.get("Location")).toBe(`/login?from=${encodeURIComponent(`/listings/${listing}`)}`);
    });

    it(`${JSON.stringify(returnTo)} on /notifications sends the member back to /notifications`, async () => {
      const answer = await settle(async () =>
        notificationsRoute.action({
          request: formRequest("/notifications", await sessionCookie(opened.db, buyer), { intent: "mark-all-read", returnTo }),
          params: {},
          context: ROUTE_CONTEXT,
        }),
      );
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/notifications");
    });
  }
});

describe("resource routes", () => {
  it("answer a method they do not serve with 405, Allow and a message", async () => {
    const answers: Record<string, string> = {};
    for (const file of resourceFiles) {
      const url = `/${file
        .replace(/\.tsx?$/, "")
        .replace(/\$id_?/g, String(listing))
        .replace(/\$file/g, "x.webp")
        .replace(/_$/, "")
        .split(".")
        .join("/")}`;
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const response = await serve(
          new Request(`http://localhost${url}`, {
            method,
            ...(method === "GET" ? {} : { body: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
          }),
        );
        if (response.status < 400) {
          // A page or a stream (the event stream never ends): only refusals are read.
          await response.body?.cancel();
          continue;
        }
        const text = await response.text();
        if (response.status === 405) {
          answers[`${method} ${url}`] =
            response.headers.get("Allow") && /"message"/.test(text) && !/Unexpected Server Error/.test(text) ? "405 with a message" : `405: ${text}`;
        } else if (/Unexpected Server Error/.test(text)) answers[`${method} ${url}`] = `${response.status}: ${text}`;
      }
    }
    expect(Object.values(answers).filter((answer) => answer !== "405 with a message")).toEqual([]);
    // Every method a module has no handler for was answered so (Remix's own 405 included).
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(unserved.length);
  });

  it("answer a stored file that is not there with 404 and a message", async () => {
    for (const url of [
      "/uploads/avatars/missing.webp",
      `/uploads/listings/${listing}/missing.webp`,
      "/uploads/avatars/..%2F..%2Fetc%2Fpasswd",
      "/styles/other.css",
    ]) {
      const response = await serve(new Request(`http://localhost${url}`));
      expect({ url, status: response.status, body: await response.json() }).toEqual({ url, status: 404, body: { message: "Not found" } });
    }
  });

  it("answer a refused member with the refusal's status and message", async () => {
    const contact = await serve(formRequest(`/listings/${listing}/contact`, await sessionCookie(opened.db, unconfirmed), {}));
    expect(contact.status).toBe(403);
    expect(((await contact.json()) as { message: string }).message).toMatch(/confirm your email/i);
    const draftContact = await serve(formRequest(`/listings/${draft}/contact`, await sessionCookie(opened.db, buyer), {}));
    expect(draftContact.status).toBe(404);
    expect(await draftContact.json()).toEqual({ message: "Listing not found" });
  });

  it("answer watching a draft with 404 'Listing not found', with and without JavaScript", async () => {
    for (const fields of [{ intent: "watch", js: "1" }, { intent: "watch" }] as Array<Record<string, string>>) {
      const response = await serve(formRequest(`/listings/${draft}/watch`, await sessionCookie(opened.db, buyer), fields));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ watching: false, error: "Listing not found" });
    }
    expect(await opened.db.selectFrom("watchlist").selectAll().where("listing_id", "=", draft).execute()).toEqual([]);
  });
});
