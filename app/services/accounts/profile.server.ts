// Profiles: reading and editing one's own, privacy choices and the avatar.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Profile } from "#db/schema.ts";
import { EMAIL_ALERTS, readEmailAlertChoices, type EmailAlertChoices } from "~/lib/notification-types.ts";
import { PROFILE_MESSAGES, type ProfileInput } from "~/schemas/profile.ts";
import { DomainError } from "../domain-error.ts";
import { IMAGE_REFUSAL_CODES, inspectImage, isImageRefusal, loadSharp, MAX_INPUT_PIXELS } from "../platform/index.server.ts";
import type { UploadStore } from "../storage/index.server.ts";

export interface PrivacyPreferences {
  show_email: boolean;
  show_phone: boolean;
}

export interface ProfilePreferences {
  privacy: PrivacyPreferences;
  /** Which notifications also go by e-mail. */
  email_alerts: EmailAlertChoices;
  [other: string]: unknown;
}

/** The stored preferences object as it is (nothing added), or an empty one. */
function storedPreferences(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = {};
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function parsePreferences(json: string): ProfilePreferences {
  const record = storedPreferences(json);
  const privacy = record.privacy && typeof record.privacy === "object" ? (record.privacy as Record<string, unknown>) : {};
  return {
    ...record,
    privacy: { show_email: privacy.show_email === true, show_phone: privacy.show_phone === true },
    email_alerts: readEmailAlertChoices(record.email_alerts),
  };
}

export async function getProfile(db: Kysely<Database>, userId: string): Promise<Profile | undefined> {
  return db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
}

export async function updateProfile(db: Kysely<Database>, userId: string, input: ProfileInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("profiles").select("preferences").where("id", "=", userId).executeTakeFirstOrThrow();
    // Stored as they were plus the choices this form makes (defaults are not written out).
    const preferences = storedPreferences(current.preferences);
    preferences.privacy = { show_email: input.showEmail === "on", show_phone: input.showPhone === "on" };
    if (input.emailAlertsShown === "on") {
      const ticked = new Set(input.emailAlerts ?? []);
      preferences.email_alerts = Object.fromEntries(EMAIL_ALERTS.map((alert) => [alert.key, ticked.has(alert.key)]));
    }
    await trx
      .updateTable("profiles")
      .set({
        first_name: input.firstName,
        last_name: input.lastName,
        company_name: input.companyName,
        phone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
        country: input.country,
        location: input.location,
        website: input.website,
        bio: input.bio,
        preferences: JSON.stringify(preferences),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", userId)
      .execute();
  });
}

const AVATAR_SIZE_PX = 256;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

function notAnImage(): DomainError {
  return new DomainError("invalid", PROFILE_MESSAGES.avatarNotImage, { field: "avatar" });
}

/**
 * Turns uploaded bytes into a square WebP. Anything sharp cannot read as an image (a truncated file included) is
 * refused, and so is a picture over the listing photos' megapixel cap, with their message, before it is decoded.
 */
async function toAvatarWebp(bytes: Uint8Array): Promise<Buffer> {
  try {
    const { format } = await inspectImage(bytes);
    if (!ACCEPTED_FORMATS.has(format)) throw notAnImage();
  } catch (error) {
    if (isImageRefusal(error) && error.code === IMAGE_REFUSAL_CODES.tooManyPixels) {
      throw new DomainError("invalid", error.message, { field: "avatar", code: error.code });
    }
    throw notAnImage();
  }
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads as a picture over a body that does not decode (a truncated JPEG, a polyglot).
    throw notAnImage();
  }
}

const AVATAR_URL_PREFIX = "/uploads/avatars/";
/** An avatar's name is never reused, so browsers (and a CDN) may keep it for good. */
export const AVATAR_CACHE_CONTROL = "public, max-age=31536000, immutable";

function avatarFileOf(url: string | null): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  return /^[\w-]+\.webp$/.test(name) ? name : null;
}

/** Stores a new avatar in the upload store under a fresh name (never overwriting) and removes the old one. */
export async function saveAvatar(db: Kysely<Database>, uploads: UploadStore, userId: string, bytes: Uint8Array): Promise<string> {
  const webp = await toAvatarWebp(bytes);
  const name = `${crypto.randomUUID()}.webp`;
  const key = `avatars/${name}`;
  await uploads.put(key, webp, { contentType: "image/webp", cacheControl: AVATAR_CACHE_CONTROL });
  const url = `${AVATAR_URL_PREFIX}${name}`;
  let previous: { avatar_url: string | null } | undefined;
  try {
    previous = await db.selectFrom("profiles").select("avatar_url").where("id", "=", userId).executeTakeFirst();
    await db.updateTable("profiles").set({ avatar_url: url, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
  } catch (error) {
    // The profile still names the old avatar: the new file would be an orphan.
    await uploads.delete(key).catch(() => undefined);
    throw error;
  }
  await removeAvatarFile(uploads, previous?.avatar_url ?? null);
  return url;
}

export async function removeAvatar(db: Kysely<Database>, uploads: UploadStore, userId: string): Promise<void> {
  const previous = await db.selectFrom("profiles").select("avatar_url").where("id", "=", userId).executeTakeFirst();
  await db.updateTable("profiles").set({ avatar_url: null, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
  await removeAvatarFile(uploads, previous?.avatar_url ?? null);
}

async function removeAvatarFile(uploads: UploadStore, url: string | null): Promise<void> {
  const name = avatarFileOf(url);
  if (name) await uploads.delete(`avatars/${name}`);
}

/** The store key of a stored avatar, or null for any name that is not one of ours. */
export function avatarKey(name: string): string | null {
  return /^[\w-]+\.webp$/.test(name) ? `avatars/${name}` : null;
}
