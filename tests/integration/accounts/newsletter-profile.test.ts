// Newsletter sign-ups, profile edits and the avatar upload, against a real database and folder.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { ProfileSchema } from "~/schemas/profile.ts";
import { subscribeToNewsletter } from "~/services/accounts/newsletter.server.ts";
import { avatarKey, getProfile, removeAvatar, saveAvatar, updateProfile } from "~/services/accounts/profile.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let uploadsDir: string;
let uploads: DiskStore;
let userId: string;

beforeAll(() => {
  database = createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "tradebench-uploads-"));
  uploads = new DiskStore(uploadsDir);
});

beforeEach(async () => {
  userId = await insertUserRow(database.db);
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
});

function avatarFiles(): string[] {
  const dir = path.join(uploadsDir, "avatars");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function avatarUrl(): Promise<string | null> {
  return (await getProfile(database.db, userId))?.avatar_url ?? null;
}

function fileOfUrl(url: string): string {
  return path.join(uploadsDir, "avatars", path.basename(url));
}

describe("subscribeToNewsletter", () => {
  // Confirmation, unsubscribing and their links: tests/integration/accounts/newsletter-consent.test.ts.
  it("keeps one row per address whatever its case, pending until confirmed, with the first source", async () => {
    expect(await subscribeToNewsletter(database.db, "Reader@Example.com")).toBe("confirmation_sent");
    expect(await subscribeToNewsletter(database.db, "  reader@example.COM ", { source: "landing" })).toBe("mail_held");
    const rows = await database.db.selectFrom("newsletter_subscriptions").select(["email", "source", "status"]).execute();
    expect(rows).toEqual([{ email: "reader@example.com", source: "footer", status: "pending" }]);
  });

  it("subscribes different addresses separately and keeps the source", async () => {
    expect(await subscribeToNewsletter(database.db, "other@example.com", { source: "landing" })).toBe("confirmation_sent");
    const row = await database.db.selectFrom("newsletter_subscriptions").select("source").where("email", "=", "other@example.com").executeTakeFirstOrThrow();
    expect(row.source).toBe("landing");
  });
});

describe("updateProfile", () => {
  const form = {
    firstName: "Grace",
    lastName: "Okafor",
    companyName: "Keystone Automation",
    phone: "+1 (555) 123-4567",
    address: "1 Main Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
    country: "United States",
    location: "Austin, TX",
    website: "https://keystone.example",
    bio: "Calibration and test gear since 1998.",
  };

  it("stores every field and both privacy choices", async () => {
    await updateProfile(database.db, userId, ProfileSchema.parse({ ...form, showEmail: "on", showPhone: "on" }));
    const profile = await getProfile(database.db, userId);
    expect(profile).toMatchObject({
      first_name: form.firstName,
      last_name: form.lastName,
      company_name: form.companyName,
      ...Object.fromEntries((["phone", "address", "city", "state", "zip", "country", "location", "website", "bio"] as const).map((k) => [k, form[k]])),
    });
    expect(JSON.parse(profile?.preferences ?? "")).toEqual({ privacy: { show_email: true, show_phone: true } });
  });

  it("turns privacy choices off again and keeps other preference keys", async () => {
    const others = { theme: "dark", notifications: { email: true, digest: "weekly" } };
    await database.db
      .updateTable("profiles")
      .set({ preferences: JSON.stringify({ ...others, privacy: { show_email: true, show_phone: true } }) })
      .where("id", "=", userId)
      .execute();

    await updateProfile(database.db, userId, ProfileSchema.parse({ ...form, showPhone: "on" }));

    const profile = await getProfile(database.db, userId);
    expect(JSON.parse(profile?.preferences ?? "")).toEqual({ ...others, privacy: { show_email: false, show_phone: true } });
  });

  it("clears optional fields that the form sends empty", async () => {
    await updateProfile(database.db, userId, ProfileSchema.parse(form));
    await updateProfile(database.db, userId, ProfileSchema.parse({ firstName: "Grace", lastName: "Okafor" }));
    const profile = await getProfile(database.db, userId);
    expect(profile).toMatchObject({ company_name: "", phone: "", website: "", bio: "", city: "" });
  });

  it("changes only that user's profile", async () => {
    const otherId = await insertUserRow(database.db);
    const before = await getProfile(database.db, otherId);
    await updateProfile(database.db, userId, ProfileSchema.parse(form));
    expect(await getProfile(database.db, otherId)).toEqual(before);
  });
});

describe("avatars", () => {
  const wideJpeg = () =>
    sharp({ create: { width: 800, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .jpeg()
      .toBuffer();
  const smallPng = () =>
    sharp({ create: { width: 40, height: 90, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
      .png()
      .toBuffer();

  it("stores an upload as a 256×256 WebP and points the profile at it", async () => {
    const url = await saveAvatar(database.db, uploads, userId, await wideJpeg());

    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/);
    expect(await avatarUrl()).toBe(url);
    const file = fileOfUrl(url);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(uploads.fileOf(avatarKey(path.basename(url)) ?? "")).toBe(file);
  });

  it("replaces the previous photo and deletes its file", async () => {
    const first = await saveAvatar(database.db, uploads, userId, await wideJpeg());
    const filesBefore = avatarFiles();
    const second = await saveAvatar(database.db, uploads, userId, await smallPng());

    expect(second).not.toBe(first);
    expect(await avatarUrl()).toBe(second);
    expect(fs.existsSync(fileOfUrl(first))).toBe(false);
    expect(fs.existsSync(fileOfUrl(second))).toBe(true);
    expect(avatarFiles()).toEqual(filesBefore.map((f) => (f === path.basename(first) ? path.basename(second) : f)).sort());
    expect(await sharp(fs.readFileSync(fileOfUrl(second))).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("refuses bytes that are not an image and changes nothing", async () => {
    const url = await saveAvatar(database.db, uploads, userId, await wideJpeg());
    const filesBefore = avatarFiles();
    // Deterministic noise: not any image format's signature.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));

    await expect(saveAvatar(database.db, uploads, userId, noise)).rejects.toBeInstanceOf(DomainError);
    await expect(saveAvatar(database.db, uploads, userId, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).rejects.toBeInstanceOf(DomainError);
    await expect(saveAvatar(database.db, uploads, userId, new Uint8Array())).rejects.toBeInstanceOf(DomainError);

    expect(await avatarUrl()).toBe(url);
    expect(avatarFiles()).toEqual(filesBefore);
  });

  it("removes the photo: the URL is cleared and the file deleted", async () => {
    const url = await saveAvatar(database.db, uploads, userId, await smallPng());
    await removeAvatar(database.db, uploads, userId);
    expect(await avatarUrl()).toBeNull();
    expect(fs.existsSync(fileOfUrl(url))).toBe(false);
    // Removing again is harmless.
    await removeAvatar(database.db, uploads, userId);
    expect(await avatarUrl()).toBeNull();
  });

  it("never deletes files outside the avatars folder through a crafted avatar URL", async () => {
    const outside = path.join(uploadsDir, "keep.webp");
    fs.writeFileSync(outside, "keep me");
    await database.db.updateTable("profiles").set({ avatar_url: "/uploads/avatars/../keep.webp" }).where("id", "=", userId).execute();
    await removeAvatar(database.db, uploads, userId);
    expect(fs.existsSync(outside)).toBe(true);
    expect(await avatarUrl()).toBeNull();
  });

  it.each(["../x.webp", "..%2fx.webp", "a/b.webp", "x.png", "x.webp.png", "x.webp/", ".webp", "x y.webp", ""])("avatarKey refuses %j", (name) => {
    expect(avatarKey(name)).toBeNull();
  });

  it("avatarKey accepts a stored name", () => {
    expect(avatarKey("0b9f6c1e-1111-4a2b-9c3d-123456789abc.webp")).toBe("avatars/0b9f6c1e-1111-4a2b-9c3d-123456789abc.webp");
  });
});
