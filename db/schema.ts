// The Database interface: one table type per table, used by every query.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** ISO-8601 UTC timestamps, stored as text. */
type Timestamp = string;
/** Booleans are stored as 0/1 integers so the same code runs on SQLite and PostgreSQL. */
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface SessionsTable {
  /** SHA-256 of the session id held in the cookie; the raw id is never stored. */
  id_hash: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
  ip: string | null;
  user_agent: string | null;
}

export interface ProfilesTable {
  id: string;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company_name: Generated<string>;
  avatar_url: string | null;
  is_verified: Flag;
  verification_date: Timestamp | null;
  role: Generated<string>;
  /** JSON object of permission flags, e.g. {"can_manage_users": true}. */
  permissions: Generated<string>;
  /** Percent 0–100 taken off the success fee. */
  fee_exemption: Generated<number>;
  phone: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  country: Generated<string>;
  bio: Generated<string>;
  website: Generated<string>;
  location: Generated<string>;
  /** JSON object: { privacy: { show_email, show_phone }, ... }. */
  preferences: Generated<string>;
  last_role_change: Timestamp | null;
  changed_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** queued (no SMTP configured), sent, failed */
  status: string;
  error: string | null;
  created_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  source: Generated<string>;
  created_at: Generated<Timestamp>;
}

export interface RolePermissionsTable {
  role: string;
  /** JSON object of permission flags. */
  permissions: string;
  description: string;
}

export interface CategoriesTable {
  /** main slug, subcategory slug, or main_sub_item */
  id: string;
  name: string;
  slug: string;
  /** 1 main category, 2 subcategory, 3 item */
  level: number;
  parent_id: string | null;
  position: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  role_permissions: RolePermissionsTable;
  categories: CategoriesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type Category = Selectable<CategoriesTable>;
export type OutboxEmail = Selectable<EmailOutboxTable>;
