// parseForm, the one way an action reads its body: bounded bodies (413), bounded lists (400 before any array is
// built), forged field names as a message beside the field, and anything that is not a form as a 400.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AI_LISTING_MESSAGES } from "~/schemas/ai-listing-create.ts";
import { AiListingRequestSchema, AiPhotosSchema } from "~/schemas/ai-listing-request.ts";
import { CreateListingSchema } from "~/schemas/listing.ts";
import { ProfileSchema } from "~/schemas/profile.ts";
import { FORM_LIMITS, FORM_MESSAGES, NOT_A_FORM_MESSAGE, parseForm } from "~/web/form-data.server.ts";

const URL_ = "http://localhost/create-listing";

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function urlencoded(body: string): Request {
  return post(body, { "Content-Type": "application/x-www-form-urlencoded" });
}

/** What parseForm threw, as the status and message the route answers with. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const thrown = error as { data: { message: string }; init: { status: number } };
    return { status: thrown.init.status, message: thrown.data.message };
  }
  throw new Error("parseForm accepted the body");
}

/** The messages by field of a submission that failed (none when it succeeded). */
function errorsOf(submission: object): Record<string, string[] | null> | undefined {
  return "error" in submission ? (submission.error as Record<string, string[] | null> | undefined) : undefined;
}

const Simple = z.object({
  brand: z.string({ required_error: "Brand is required" }).min(1, "Brand is required"),
  features: z.array(z.string()).max(50).optional(),
});

describe("body size", () => {
  it("answers 413 for a 100 KB urlencoded body to a route with the default limit, without reading it all", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`brand=${"x".repeat(1018)}&`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 100 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await refusal(parseForm(urlencoded(body as unknown as string), Simple));
    expect(answer.status).toBe(413);
    expect(answer.message).toBe(FORM_MESSAGES.tooLarge);
    // The reader stopped soon after the limit (a stream pulls ahead by at most a chunk or two).
    expect(pulled).toBeLessThan(FORM_LIMITS.bodyBytes + 4 * chunk.byteLength);
  });

  it("refuses at once a body whose Content-Length is over the limit", async () => {
    const request = post("brand=x", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024) });
    expect((await refusal(parseForm(request, Simple))).status).toBe(413);
  });

  it("refuses a copy of the request too (the sign-in reads its body twice), without waiting for the other copy", async () => {
    const original = urlencoded(new URLSearchParams({ password: "x".repeat(100 * 1024) }).toString());
    expect((await refusal(parseForm(original.clone(), z.object({ password: z.string() })))).status).toBe(413);
  });

  it("takes a route's own larger limit", async () => {
    const body = `brand=${"x".repeat(100 * 1024)}`;
    const { submission } = await parseForm(urlencoded(body), Simple, { maxBytes: 256 * 1024 });
    expect(submission.status).toBe("success");
  });

  it("bounds a multipart body without files by the same limit", async () => {
    const form = new FormData();
    form.append("brand", "x".repeat(100 * 1024));
    expect((await refusal(parseForm(post(form), Simple))).status).toBe(413);
  });
});

describe("lists", () => {
  it("refuses features[30000] with a 400 and a message, at once", async () => {
    const started = performance.now();
    const answer = await refusal(parseForm(urlencoded("brand=Fluke&features[30000]=x"), CreateListingSchema, { maxBytes: 256 * 1024 }));
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/too many rows/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses emailAlerts[300000] on the profile form with a 400 and a message, at once", async () => {
    const started = performance.now();
    const answer = await refusal(parseForm(urlencoded("firstName=A&lastName=B&emailAlerts[300000]=outbid"), ProfileSchema));
    expect(answer.status).toBe(400);
    expect(answer.message).toMatch(/too many rows/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses an index far beyond any number without building it", async () => {
    const answer = await refusal(parseForm(urlencoded("brand=x&features[99999999999999999999]=x"), Simple));
    expect(answer.status).toBe(400);
  });

  it("caps a list the schema gives no max at 100, and a field it does not know", async () => {
    const NoMax = z.object({ tags: z.array(z.string()).optional() });
    expect((await refusal(parseForm(urlencoded("tags[150]=x"), NoMax))).status).toBe(400);
    expect((await refusal(parseForm(urlencoded("unknown[150]=x"), NoMax))).status).toBe(400);
    const repeated = Array.from({ length: 200 }, () => "tags=x").join("&");
    expect((await refusal(parseForm(urlencoded(repeated), NoMax))).status).toBe(400);
  });

  it("passes lists within the max, by index or by repeated name", async () => {
    const indexed = Array.from({ length: 50 }, (_, i) => `features[${i}]=f${i}`).join("&");
    const { submission } = await parseForm(urlencoded(`brand=x&${indexed}`), Simple);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.features).toHaveLength(50);
    const alerts = await parseForm(urlencoded("firstName=A&lastName=B&emailAlerts=outbid&emailAlerts=auction_won"), ProfileSchema);
    expect(alerts.submission.status === "success" && alerts.submission.value.emailAlerts).toEqual(["outbid", "auction_won"]);
  });

  // The bracket syntax (PHP, Rails, qs) was dropped unread, so its lists had no cap at all.
  for (const body of ["specifications[45000][key]=a&specifications[45000][value]=b", "specifications[45000000][key]=a", "specifications[51].key=a"]) {
    it(`refuses ${body.split("&")[0]} on the listing form with a 400 and the list's cap`, async () => {
      const answer = await refusal(parseForm(urlencoded(`brand=Fluke&${body}`), CreateListingSchema, { maxBytes: 256 * 1024 }));
      expect(answer).toEqual({ status: 400, message: FORM_MESSAGES.tooManyRows(50) });
    });
  }

  it("reads a row sent in the bracket syntax as the same row (specifications[0][key])", async () => {
    const { submission } = await parseForm(
      urlencoded("specifications[0][key]=Bandwidth&specifications[0][value]=350%20MHz&specifications[1].key=Channels&specifications[1].value=4"),
      z.object({ specifications: z.array(z.object({ key: z.string(), value: z.string() })).max(50) }),
    );
    expect(submission.status === "success" && submission.value.specifications).toEqual([
      { key: "Bandwidth", value: "350 MHz" },
      { key: "Channels", value: "4" },
    ]);
  });

  it("lets one row past the max through, so the schema's own message shows beside the list", async () => {
    const rows = Array.from({ length: 51 }, (_, i) => `features[${i}]=f${i}`).join("&");
    const { submission } = await parseForm(urlencoded(`brand=x&${rows}`), Simple);
    expect(errorsOf(submission)?.features?.[0]).toMatch(/50/);
  });
});

describe("forged field names", () => {
  for (const body of ["brand=Fluke&brand=Keysight", "brand[0]=Fluke", "brand.a=Fluke", "brand=Fluke&brand.a=x"]) {
    it(`gives brand a message for ${body}`, async () => {
      const { submission } = await parseForm(urlencoded(body), Simple);
      expect(submission.status).toBe("error");
      expect(errorsOf(submission)?.brand).toEqual([FORM_MESSAGES.oneValue]);
      // What the form shows again is text, never a list or an object.
      const brand = (submission.reply().initialValue as Record<string, unknown> | undefined)?.brand;
      expect(brand === undefined || typeof brand === "string").toBe(true);
    });
  }

  it("keeps the other fields' messages beside the forged one", async () => {
    const { submission } = await parseForm(urlencoded("title=T&title=U"), CreateListingSchema, { maxBytes: 256 * 1024 });
    expect(errorsOf(submission)?.title).toEqual([FORM_MESSAGES.oneValue]);
    expect(errorsOf(submission)?.description?.length).toBeGreaterThan(0);
  });

  it("gives brand a message for the bracket syntax too (brand[a])", async () => {
    const { submission } = await parseForm(urlencoded("brand[a]=Fluke"), Simple);
    expect(errorsOf(submission)?.brand).toEqual([FORM_MESSAGES.oneValue]);
  });

  it("drops names conform cannot read instead of failing", async () => {
    const { submission } = await parseForm(urlencoded("brand=x&a]b=1&__proto__.x=1&constructor[0]=1&a[__proto__][x]=1&[x]=1&a[b=1"), Simple);
    expect(submission.status).toBe("success");
  });
});

describe("not a form", () => {
  it("answers JSON with a 400 and the form message", async () => {
    const answer = await refusal(parseForm(post('{"brand":"x"}', { "Content-Type": "application/json" }), Simple));
    expect(answer).toEqual({ status: 400, message: NOT_A_FORM_MESSAGE });
  });

  it("answers a multipart body with no boundary, or a cut-off one, with a 400", async () => {
    const noBoundary = post('--x\r\nContent-Disposition: form-data; name="brand"\r\n\r\nx\r\n--x--', { "Content-Type": "multipart/form-data" });
    expect((await refusal(parseForm(noBoundary, Simple))).status).toBe(400);
    const cut = post('--abc\r\nContent-Disposition: form-data; name="brand"\r\n\r\nFlu', { "Content-Type": "multipart/form-data; boundary=abc" });
    expect(await refusal(parseForm(cut, Simple))).toEqual({ status: 400, message: NOT_A_FORM_MESSAGE });
  });
});

describe("the AI listing request", () => {
  it("words the spec's messages", async () => {
    const { submission } = await parseForm(urlencoded("condition=shiny"), AiListingRequestSchema);
    expect(errorsOf(submission)?.brand).toEqual([AI_LISTING_MESSAGES.brandRequired]);
    expect(errorsOf(submission)?.model).toEqual([AI_LISTING_MESSAGES.modelRequired]);
    expect(errorsOf(submission)?.condition).toEqual([AI_LISTING_MESSAGES.invalidCondition]);
  });

  it("reads a complete request", async () => {
    const { submission } = await parseForm(urlencoded("brand=Fluke&model=87V&condition=used_good"), AiListingRequestSchema);
    expect(submission.status === "success" && submission.value).toMatchObject({ brand: "Fluke", model: "87V", categoryId: "" });
  });

  it("asks for a photo, names one over 10 MB and says when there are too many", () => {
    const messages = (files: Array<{ name: string; size: number; status: "kept" | "too_big" | "duplicate" | "over_limit" }>) => {
      const result = AiPhotosSchema.safeParse(files);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages([])).toEqual([AI_LISTING_MESSAGES.imageRequired]);
    expect(messages([{ name: "big.jpg", size: 11 * 1024 * 1024, status: "too_big" }])).toEqual([AI_LISTING_MESSAGES.photoTooBig("big.jpg")]);
    expect(
      messages([
        { name: "a.jpg", size: 10, status: "kept" },
        { name: "k.jpg", size: 10, status: "over_limit" },
      ]),
    ).toEqual([AI_LISTING_MESSAGES.tooManyPhotos]);
    expect(messages([{ name: "a.jpg", size: 10, status: "kept" }])).toEqual([]);
  });
});
