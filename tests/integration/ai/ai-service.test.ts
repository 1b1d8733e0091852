// The AI listing service against a local OpenAI-compatible server, through the real openai SDK: the good path (what
// is sent: settings, JSON schema, photos ≤ 1024 px), no key (no request at all), 429 then success, 500, malformed
// replies repaired or retried, timeouts, dropped connections, 401, a cancelled request — each failure ending in the
// built-in generator's draft with its notice, and each generation recorded in ai_generations.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import type { AiListingDraft } from "~/lib/ai/draft.ts";
import { AI_FAILURE_MESSAGES } from "~/lib/ai/failures.ts";
import { generateAiListing, type AiListingOptions, type AiListingRequest } from "~/services/ai/ai-listing.server.ts";
import { analysisPhoto } from "~/services/ai/photos.server.ts";
import type { AiConfig } from "~/services/ai/provider.server.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../../support/fake-openai.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let opened: OpenedDatabase;
let fake: FakeOpenAi;
let photos: Uint8Array[];
let waits: number[];
let logged: string[];

async function jpeg(width: number, height: number, shade: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer(),
  );
}

beforeAll(async () => {
  opened = createTestDatabase();
  fake = await startFakeOpenAi();
  photos = [await jpeg(2400, 1600, 10), await jpeg(900, 1800, 60), await jpeg(640, 480, 110)];
});

afterAll(async () => {
  await fake.close();
  await opened.close();
});

beforeEach(() => {
  fake.reset();
  waits = [];
  logged = [];
});

function config(overrides: Partial<AiConfig> = {}): AiConfig {
  return { apiKey: "test-key", baseURL: fake.url, model: "fake-writer", visionModel: "fake-vision", timeoutMs: 5000, ...overrides };
}

function generate(request: Partial<AiListingRequest> = {}, options: AiListingOptions = {}): Promise<AiListingDraft> {
  return generateAiListing(
    opened.db,
    { userId: null, brand: "Keysight", model: "DSOX1204G", condition: "used_good", chosenCategory: null, photos, ...request },
    {
      config: config(),
      sleep: async (ms) => {
        waits.push(ms);
      },
      log: (line) => logged.push(line),
      ...options,
    },
  );
}

function generationRow(id: number) {
  return opened.db.selectFrom("ai_generations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function expectFallback(draft: AiListingDraft, message: string) {
  expect(draft.fallbackMode).toBe(true);
  expect(draft.notice).toContain(`Generated without AI: ${message}`);
  expect(draft.title.length).toBeGreaterThan(0);
  expect(draft.features.length).toBeGreaterThanOrEqual(5);
}

describe("with a working model", () => {
  it("reads the photos, writes the listing and records the generation", async () => {
    const draft = await generate();
    expect(draft).toMatchObject({
      fallbackMode: false,
      notice: null,
      brand: "Keysight",
      model: "DSOX1204G",
      condition: "used_good",
      category: { name: "Oscilloscopes", certain: true },
    });
    expect(draft.title).toContain("Keysight DSOX1204G");
    expect(draft.features.length).toBeGreaterThanOrEqual(5);
    expect(draft.features.length).toBeLessThanOrEqual(8);
    expect(draft.analysis.text).toContain("Serial: FAKE0001");
    expect(draft.analysis.labels[0]).toEqual({ description: "Electronic instrument", score: 0.93 });
    expect(draft.priceCents).toBeGreaterThan(0);
    expect(draft.guidance.suggestion).toBeNull();

    const row = await generationRow(draft.generationId);
    expect(row).toMatchObject({ outcome: "ai", failure_class: null, model_name: "fake-writer", photo_count: 3, brand: "Keysight", user_id: null });
    expect(row.server_ms).toBeGreaterThanOrEqual(0);
    expect(row.model_ms).toBeGreaterThanOrEqual(0);
  });

  it("sends the spec's settings, a JSON schema, the key only in the header, and photos of at most 1024 px", async () => {
    await generate();
    expect(fake.count("analysis")).toBe(1);
    expect(fake.count("generation")).toBe(1);
    const [analysis, generation] = fake.requests;
    expect(generation!.body).toMatchObject({ model: "fake-writer", temperature: 0.3, max_tokens: 1500 });
    expect(generation!.body.response_format?.type).toBe("json_schema");
    expect(generation!.body.response_format?.json_schema?.schema).toMatchObject({
      required: ["title", "description", "specifications", "features", "equipmentType"],
    });
    expect(generation!.prompt).toContain("at most 80 characters");
    expect(generation!.prompt).toContain("200 to 400 words");
    expect(generation!.prompt).toContain("5 to 8 short feature phrases");
    expect(generation!.prompt).toContain("Text read from the photos: Brand: Keysight | Model: DSOX1204G | Serial: FAKE0001");
    expect(generation!.authorization).toBe("Bearer test-key");
    expect(JSON.stringify(generation!.body)).not.toContain("test-key");

    expect(analysis!.body.model).toBe("fake-vision");
    expect(analysis!.body.response_format?.type).toBe("json_schema");
    expect(analysis!.images).toHaveLength(3);
    const sizes = await Promise.all(
      analysis!.images.map(async (url) => {
        expect(url.startsWith("data:image/jpeg;base64,")).toBe(true);
        const meta = await sharp(Buffer.from(url.slice(url.indexOf(",") + 1), "base64")).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ["jpeg", 1024, 683],
      ["jpeg", 512, 1024],
      ["jpeg", 640, 480],
    ]);
  });

  it("turns a sideways phone photo upright before sending it", async () => {
    const sideways = new Uint8Array(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#808080" } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const sent = await analysisPhoto(sideways);
    expect([sent.width, sent.height]).toEqual([768, 1024]);
    await expect(analysisPhoto(new TextEncoder().encode("not a photo"))).rejects.toThrow();
  });

  it("reads at most four photos", async () => {
    await generate({ photos: [...photos, ...photos] });
    expect(fake.requests[0]!.images).toHaveLength(4);
  });

  it("uses the category the seller chose, and tells the model", async () => {
    const draft = await generate({
      brand: "Acme",
      model: "X-200",
      chosenCategory: { id: "heavy_equipment_construction_wheel_loaders", name: "Wheel Loaders", slug: "heavy_equipment_construction_wheel_loaders" },
    });
    expect(draft.category).toEqual({
      id: "heavy_equipment_construction_wheel_loaders",
      name: "Wheel Loaders",
      slug: "heavy_equipment_construction_wheel_loaders",
      confidence: 1,
      certain: true,
    });
    expect(fake.requests.find((r) => r.kind === "generation")!.prompt).toContain("Category: Wheel Loaders (Construction)");
  });

  it("learns an unknown model's category from the model's equipment type", async () => {
    fake.script("generation", { kind: "listing", override: { equipmentType: "wheel loader" } });
    const draft = await generate({ brand: "Acme", model: "X-200" });
    expect(draft.category).toMatchObject({ name: "Wheel Loaders", certain: true });
  });

  it("leaves the category open when nothing names it", async () => {
    const draft = await generate({ brand: "Acme", model: "X-200" });
    expect(draft.category).toBeNull();
  });

  it("writes without the photo reading when that fails", async () => {
    fake.script("analysis", { kind: "status", status: 400 });
    const draft = await generate();
    expect(draft.fallbackMode).toBe(false);
    expect(draft.analysis).toEqual({ labels: [], text: [], objects: [] });
    expect(fake.count("generation")).toBe(1);
    expect(logged.join("\n")).toContain("photo reading failed (bad_request)");
  });
});

describe("failures", () => {
  it("without a key, writes the listing itself and sends nothing anywhere", async () => {
    const draft = await generate({}, { config: config({ apiKey: null }) });
    expectFallback(draft, AI_FAILURE_MESSAGES.not_configured);
    expect(fake.count()).toBe(0);
    expect(draft.category).toMatchObject({ name: "Oscilloscopes", certain: true });
    expect(draft.analysis).toEqual({ labels: [], text: [], objects: [] });
    const row = await generationRow(draft.generationId);
    expect(row).toMatchObject({ outcome: "fallback", failure_class: "not_configured", model_name: null, model_ms: 0 });
  });

  it("429 then success: waits as the provider asks and uses the second answer", async () => {
    fake.script("generation", { kind: "status", status: 429, headers: { "retry-after-ms": "20" } }, { kind: "listing" });
    const draft = await generate();
    expect(draft.fallbackMode).toBe(false);
    expect(fake.count("generation")).toBe(2);
    expect(waits).toEqual([20]);
  });

  it("429 every time: two retries with backoff, then the fallback", async () => {
    fake.script("generation", ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 429 })));
    const draft = await generate();
    expectFallback(draft, AI_FAILURE_MESSAGES.rate_limited);
    expect(fake.count("generation")).toBe(3);
    expect(waits).toEqual([500, 1000]);
    expect((await generationRow(draft.generationId)).failure_class).toBe("rate_limited");
  });

  it("a Retry-After of minutes is cut to 8 s", async () => {
    fake.script("generation", { kind: "status", status: 429, headers: { "retry-after": "120" } });
    await generate({}, { config: config({ timeoutMs: 60_000 }) });
    expect(waits[0]).toBe(8000);
  });

  it("500: retried twice, then the fallback with the server error's message", async () => {
    fake.script("generation", ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 500 })));
    const draft = await generate();
    expectFallback(draft, AI_FAILURE_MESSAGES.server_error);
    expect(fake.count("generation")).toBe(3);
    const row = await generationRow(draft.generationId);
    expect(row).toMatchObject({ outcome: "fallback", failure_class: "server_error", model_name: "fake-writer" });
  });

  it.each([
    [400, "bad_request"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [422, "unprocessable"],
  ] as const)("%i is not retried and becomes %s", async (status, failureClass) => {
    fake.script("generation", { kind: "status", status });
    const draft = await generate();
    expectFallback(draft, AI_FAILURE_MESSAGES[failureClass]);
    expect(fake.count("generation")).toBe(1);
    expect(waits).toEqual([]);
  });

  it("409 is retried like a busy provider", async () => {
    fake.script("generation", { kind: "status", status: 409 }, { kind: "listing" });
    const draft = await generate();
    expect(draft.fallbackMode).toBe(false);
    expect(fake.count("generation")).toBe(2);
  });

  it("JSON wrapped in prose is repaired without asking again", async () => {
    const reply = await import("../../support/fake-openai.ts").then((m) => m.fakeListing("Keysight", "DSOX1204G", "Oscilloscopes"));
    fake.script("generation", {
      kind: "content",
      content: `Of course! Here is your listing:\n\`\`\`json\n${JSON.stringify({ ...reply, title: `${"Very long title ".repeat(8)}end` })}\n\`\`\``,
    });
    const draft = await generate();
    expect(draft.fallbackMode).toBe(false);
    expect(draft.title.length).toBeLessThanOrEqual(80);
    expect(fake.count("generation")).toBe(1);
    expect(logged.join("\n")).toContain("json_extracted");
  });

  it("a reply that cannot be used is sent back once with what was wrong", async () => {
    fake.script("generation", { kind: "content", content: "I'm sorry, I can only answer in prose." }, { kind: "listing" });
    const draft = await generate();
    expect(draft.fallbackMode).toBe(false);
    expect(fake.count("generation")).toBe(2);
    const retry = fake.requests.filter((r) => r.kind === "generation")[1]!;
    const roles = retry.body.messages!.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user"]);
    expect(retry.prompt).toContain("Your previous answer could not be used: the answer was not a JSON object");
  });

  it("two unusable replies: the fallback, never the raw text", async () => {
    fake.script("generation", { kind: "content", content: "Prose only." }, { kind: "content", content: '{"title": "x"}' });
    const draft = await generate();
    expectFallback(draft, AI_FAILURE_MESSAGES.invalid_reply);
    expect(draft.description).not.toContain("Prose only");
    expect((await generationRow(draft.generationId)).failure_class).toBe("invalid_reply");
  });

  it("a model that does not answer in time: the fallback at the deadline", async () => {
    fake.script("generation", { kind: "slow", delayMs: 10_000 });
    const started = Date.now();
    const draft = await generate({}, { config: config({ timeoutMs: 600 }) });
    expectFallback(draft, AI_FAILURE_MESSAGES.timeout);
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await generationRow(draft.generationId);
    expect(row.failure_class).toBe("timeout");
    expect(row.model_ms).toBeGreaterThanOrEqual(200);
  });

  it("a dropped connection is retried, then reported as such", async () => {
    fake.script("generation", { kind: "drop" }, { kind: "drop" }, { kind: "drop" });
    const draft = await generate();
    expectFallback(draft, AI_FAILURE_MESSAGES.connection);
    expect(fake.count("generation")).toBe(3);
  });

  it("a request the seller cancelled stops at once", async () => {
    fake.script("generation", { kind: "slow" });
    const controller = new AbortController();
    const pending = generate({}, { signal: controller.signal });
    await expect.poll(() => fake.count("generation")).toBe(1);
    controller.abort();
    const draft = await pending;
    expectFallback(draft, AI_FAILURE_MESSAGES.aborted);
  });

  it("an unreachable endpoint is a connection failure", async () => {
    const draft = await generate({}, { config: config({ baseURL: "http://127.0.0.1:9/v1" }) });
    expectFallback(draft, AI_FAILURE_MESSAGES.connection);
  });
});
