// POST /resources/ai-listing as the wizard sends it (multipart: brand, model, condition, photos): the spec's messages
// for bad input, images only and the 10 MB limit really enforced, visitors rate-limited per address, the draft JSON
// with its ai_generations row — from the built-in generator without a key, from the model with one — and never a 500.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { AiListingDraft, AiListingErrors } from "~/lib/ai/draft.ts";
import type * as ProviderModule from "~/services/ai/provider.server.ts";
import type { AiConfig } from "~/services/ai/provider.server.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../../support/fake-openai.ts";
import { ROUTE_CONTEXT, brokenDatabase, sessionCookies } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { FILE_PARTS_PAST_LIMIT, maxPartsOf, UPLOAD_MESSAGES } from "~/services/uploads.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));
const aiConfig = vi.hoisted(() => ({ current: null as AiConfig | null }));
vi.mock("~/services/ai/provider.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof ProviderModule>();
  return { ...original, aiConfigFromEnv: () => aiConfig.current ?? original.aiConfigFromEnv() };
});

const route = await import("~/routes/resources.ai-listing.ts");
const { allowGeneration, AI_RATE_LIMITS } = await import("~/services/ai/ai-listing.server.ts");
const { readPhotoUpload } = await import("~/services/ai/photo-upload.server.ts");
const { DomainError } = await import("~/services/domain-error.ts");

let opened: OpenedDatabase;
let fake: FakeOpenAi;
let photo: Uint8Array;
let member: string;
const cookieFor = sessionCookies(() => opened.db);
let nextIp = 1;

interface Upload {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

async function post(fields: Record<string, string>, files: Upload[], options: { as?: string; ip?: string } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const file of files) form.append("photos", new File([Buffer.from(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }));
  const headers = new Headers({ Accept: "application/json" });
  if (options.as) headers.set("Cookie", await cookieFor(options.as));
  const request = new Request("http://localhost/resources/ai-listing", { method: "POST", body: form, headers });
  const ip = options.ip ?? `198.51.100.${nextIp++}`;
  const response = await route.action({ request, params: {}, context: { ...ROUTE_CONTEXT, clientIp: ip } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

const equipment = { brand: "Fluke", model: "87V", condition: "used_very_good" };

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  fake = await startFakeOpenAi();
  photo = new Uint8Array(
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer(),
  );
  member = await insertUserRow(opened.db, "seller-ai@example.test", "seller");
});

afterAll(async () => {
  await fake.close();
  await opened.close();
});

beforeEach(() => {
  database.current = opened.db;
  aiConfig.current = null;
  fake.reset();
});

function row(id: number) {
  return opened.db.selectFrom("ai_generations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("a valid request", () => {
  it("without a key: the built-in generator's draft, marked, and its row", async () => {
    const answer = await post(equipment, [{ name: "front.jpg", bytes: photo }]);
    expect(answer.status).toBe(200);
    const draft = answer.body as AiListingDraft;
    expect(draft).toMatchObject({
      fallbackMode: true,
      brand: "Fluke",
      model: "87V",
      condition: "used_very_good",
      category: { name: "Digital Multimeters", certain: true },
    });
    expect(draft.notice).toMatch(/^Generated without AI: no AI service is configured/);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await row(draft.generationId)).toMatchObject({
      outcome: "fallback",
      failure_class: "not_configured",
      user_id: null,
      photo_count: 1,
      brand: "Fluke",
    });
    expect(fake.count()).toBe(0);
  });

  it("records who asked when signed in", async () => {
    const answer = await post(equipment, [{ name: "front.jpg", bytes: photo }], { as: member });
    expect((await row((answer.body as AiListingDraft).generationId)).user_id).toBe(member);
  });

  it("with a model configured: the model's draft", async () => {
    aiConfig.current = { apiKey: "route-key", baseURL: fake.url, model: "fake-writer", visionModel: "fake-vision", timeoutMs: 5000 };
    const answer = await post(equipment, [{ name: "front.jpg", bytes: photo }]);
    expect(answer.status).toBe(200);
    const draft = answer.body as AiListingDraft;
    expect(draft).toMatchObject({ fallbackMode: false, notice: null });
    expect(draft.title).toContain("Fluke 87V");
    expect(await row(draft.generationId)).toMatchObject({ outcome: "ai", model_name: "fake-writer", failure_class: null });
    expect(fake.count("analysis")).toBe(1);
  });

  it("a failing model still answers 200, with the fallback and the reason", async () => {
    aiConfig.current = { apiKey: "route-key", baseURL: fake.url, model: "fake-writer", visionModel: "fake-vision", timeoutMs: 5000 };
    fake.script("generation", { kind: "status", status: 401 });
    const answer = await post(equipment, [{ name: "front.jpg", bytes: photo }]);
    expect(answer.status).toBe(200);
    expect((answer.body as AiListingDraft).notice).toContain("did not accept the marketplace's key (401 Unauthorized)");
  });

  it("uses the chosen category", async () => {
    const answer = await post({ ...equipment, categoryId: "industrial_electronics_test_measurement_clamp_meters" }, [{ name: "a.jpg", bytes: photo }]);
    expect((answer.body as AiListingDraft).category).toMatchObject({ name: "Clamp Meters", confidence: 1, certain: true });
  });

  it("ignores a photo repeated with the same name and size", async () => {
    const answer = await post(equipment, [
      { name: "a.jpg", bytes: photo },
      { name: "a.jpg", bytes: photo },
    ]);
    expect((await row((answer.body as AiListingDraft).generationId)).photo_count).toBe(1);
  });
});

describe("bad input, with the spec's messages", () => {
  it("names every missing field, the brand first", async () => {
    const answer = await post({}, []);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: {
        brand: ["Brand is required"],
        model: ["Model is required"],
        photos: ["At least one image is required"],
        condition: ["Invalid condition"],
      },
      message: "Brand is required",
    } satisfies AiListingErrors);
  });

  it("refuses an unknown condition and an unknown category", async () => {
    const answer = await post({ ...equipment, condition: "like_new", categoryId: "nope" }, [{ name: "a.jpg", bytes: photo }]);
    expect(answer.status).toBe(400);
    expect((answer.body as AiListingErrors).errors).toEqual({ condition: ["Invalid condition"], categoryId: ["Please choose a category from the list"] });
  });

  it("accepts only image files, whatever their name says", async () => {
    const answer = await post(equipment, [{ name: "nameplate.jpg", bytes: new TextEncoder().encode("not a picture"), type: "image/jpeg" }]);
    expect(answer.status).toBe(400);
    expect((answer.body as AiListingErrors).errors.photos).toEqual(["nameplate.jpg: Only image files are accepted"]);
  });

  it("enforces the 10 MB limit", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(photo);
    const answer = await post(equipment, [
      { name: "huge.jpg", bytes: big },
      { name: "ok.jpg", bytes: photo },
    ]);
    expect(answer.status).toBe(400);
    expect((answer.body as AiListingErrors).errors.photos).toEqual(["huge.jpg is larger than 10 MB"]);
  });

  it("takes at most ten photos", async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo }));
    const answer = await post(equipment, files);
    expect(answer.status).toBe(400);
    expect((answer.body as AiListingErrors).errors.photos).toEqual(["Add at most 10 photos"]);
  });

  it("answers a request that is not a multipart form with a message", async () => {
    const request = new Request("http://localhost/resources/ai-listing", { method: "POST", body: new URLSearchParams(equipment) });
    const response = await route.action({ request, params: {}, context: ROUTE_CONTEXT });
    expect(response.status).toBe(400);
    expect(((await response.json()) as AiListingErrors).message).toBe("This request did not contain a form. Please submit the form on the page.");
  });

  it("answers GET with 405", async () => {
    const response = route.loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("limits and breakdowns", () => {
  it("limits visitors per address, and says when to come back", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < AI_RATE_LIMITS.visitorPerIp.limit; i += 1) await allowGeneration(opened.db, { userId: null, ip });
    const answer = await post(equipment, [{ name: "a.jpg", bytes: photo }], { ip });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((answer.body as AiListingErrors).message).toMatch(
      /^You have generated many listings in a short time\. Please try again in \d+ minutes?, or sign in\.$/,
    );
    // A member at the same address is counted on their own account.
    expect((await post(equipment, [{ name: "a.jpg", bytes: photo }], { ip, as: member })).status).toBe(200);
  });

  it("refuses a visitor over the limit before reading the photos (issue 32 §6: 60 large photos burned 26 s of CPU)", async () => {
    const ip = "203.0.113.78";
    for (let i = 0; i < AI_RATE_LIMITS.visitorPerIp.limit; i += 1) await allowGeneration(opened.db, { userId: null, ip });
    const form = new FormData();
    for (const [name, value] of Object.entries(equipment)) form.set(name, value);
    for (let i = 0; i < 10; i += 1) form.append("photos", new File([Buffer.from(photo)], `p${i}.jpg`, { type: "image/jpeg" }));
    const sent = new Request("http://localhost/x", { method: "POST", body: form });
    const bytes = new Uint8Array(await sent.arrayBuffer());
    // The body as a stream that counts what is read of it.
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
    const request = new Request("http://localhost/resources/ai-listing", {
      method: "POST",
      body,
      headers: { "Content-Type": sent.headers.get("Content-Type")!, Accept: "application/json" },
      duplex: "half",
    } as RequestInit);
    const response = await route.action({ request, params: {}, context: { ...ROUTE_CONTEXT, clientIp: ip } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(read).toBe(0);
  });

  it("never answers 500: a broken database gives 503 with the spec's message", async () => {
    database.current = brokenDatabase();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await post(equipment, [{ name: "a.jpg", bytes: photo }]);
    expect(answer.status).toBe(503);
    expect((answer.body as AiListingErrors).message).toBe("Failed to generate listing. Please try again.");
    errors.mockRestore();
  });
});

describe("the upload reader", () => {
  const limits = { fileField: "photos", maxFileBytes: 1000, maxFiles: 2, maxTotalBytes: 5000 };

  function multipart(form: FormData, withLength: boolean): Promise<Request> {
    const request = new Request("http://localhost/x", { method: "POST", body: form });
    if (withLength) return Promise.resolve(request);
    // The same body as a stream of unknown length (a chunked upload).
    return request.arrayBuffer().then((bytes) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.byteLength; at += 700) controller.enqueue(new Uint8Array(bytes.slice(at, at + 700)));
          controller.close();
        },
      });
      return new Request("http://localhost/x", {
        method: "POST",
        body,
        headers: { "Content-Type": request.headers.get("Content-Type")! },
        duplex: "half",
      } as RequestInit);
    });
  }

  it("keeps what fits and reports the rest", async () => {
    const form = new FormData();
    form.set("brand", "Fluke");
    form.append("photos", new File([new Uint8Array(10)], "a.jpg"));
    form.append("photos", new File([new Uint8Array(2000)], "big.jpg"));
    form.append("photos", new File([new Uint8Array(20)], "b.jpg"));
    form.append("photos", new File([new Uint8Array(30)], "c.jpg"));
    form.append("other", new File([new Uint8Array(30)], "ignored.jpg"));
    const read = await readPhotoUpload(await multipart(form, false), limits);
    expect(read.fields.get("brand")).toBe("Fluke");
    expect(read.files.map((f) => [f.name, f.status, f.bytes?.length ?? null])).toEqual([
      ["a.jpg", "kept", 10],
      ["big.jpg", "too_big", null],
      ["b.jpg", "kept", 20],
      ["c.jpg", "over_limit", null],
    ]);
  });

  it.each([true, false])("refuses a body over the limit (length declared: %s)", async (withLength) => {
    const form = new FormData();
    form.append("photos", new File([new Uint8Array(6000)], "a.jpg"));
    const refused = await readPhotoUpload(await multipart(form, withLength), limits).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "too_large", message: "The form and its files are too large to send at once. Please send fewer or smaller files." });
  });

  it.each([true, false])(
    `refuses a body of more parts than its fields, kept files and ${FILE_PARTS_PAST_LIMIT} dropped ones, before parsing it (length declared: %s)`,
    async (withLength) => {
      const tinyPhotos = (count: number) => {
        const form = new FormData();
        form.set("brand", "Fluke");
        for (let n = 0; n < count; n += 1) form.append("photos", new File(["x"], `f${n}.png`));
        return form;
      };
      const few = { ...limits, maxFields: 3, maxTotalBytes: 100_000 };
      // Three fields' room, two files kept, the rest of the parts dropped and reported: every part counted once, also
      // where a delimiter is split between two chunks.
      const atTheBound = await readPhotoUpload(await multipart(tinyPhotos(maxPartsOf(few) - 1), withLength), few);
      expect(atTheBound.files.filter((f) => f.status === "over_limit")).toHaveLength(maxPartsOf(few) - 1 - 2);
      const refused = await readPhotoUpload(await multipart(tinyPhotos(maxPartsOf(few)), withLength), few).catch((error: unknown) => error);
      expect(refused).toMatchObject({ kind: "too_large", message: UPLOAD_MESSAGES.tooLarge });
    },
  );

  it("refuses a body that is not a form", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    await expect(readPhotoUpload(request, limits)).rejects.toMatchObject({ kind: "invalid" });
  });
});
