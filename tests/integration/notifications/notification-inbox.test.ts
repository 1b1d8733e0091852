// The notification inbox: each member sees and changes only their own notifications (another member's id changes
// nothing and reads as not found), the unread count never drops below 0, pages of 20 newest first, unread filter.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import {
  BELL_SIZE,
  countUnreadNotifications,
  deleteNotification,
  latestNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_PAGE_SIZE,
} from "~/services/notifications/notification-inbox.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";
import { NOTIFICATION_MESSAGES } from "~/schemas/notification.ts";

/** How marking or deleting a notification the member does not have is refused. */
const NOT_FOUND = { kind: "not_found", message: NOTIFICATION_MESSAGES.notFound };

let database: OpenedDatabase;
let member: string;
let other: string;

beforeAll(() => {
  database = createTestDatabase();
});
beforeEach(async () => {
  member = await insertUserRow(database.db);
  other = await insertUserRow(database.db);
});
afterAll(() => database?.close());

const START = Date.parse("2026-11-01T00:00:00.000Z");

/** Inserts `count` notifications for `userId`, one minute apart (the last is the newest); returns their ids. */
async function insert(userId: string, count: number, { read = false, type = "bid", offsetMinutes = 0 } = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await database.db
      .insertInto("notifications")
      .values({
        user_id: userId,
        type,
        title: `Notice ${i + 1}`,
        message: `Message ${i + 1}`,
        action_url: i % 2 === 0 ? `/auctions/${i + 1}` : null,
        is_read: read ? 1 : 0,
        created_at: new Date(START + (offsetMinutes + i) * 60_000).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function snapshot(userId: string) {
  return database.db.selectFrom("notifications").select(["id", "is_read"]).where("user_id", "=", userId).orderBy("id").execute();
}

describe("listNotifications", () => {
  it("pages the member's notifications 20 at a time, newest first, and a page past the end shows the last", async () => {
    const ids = await insert(member, 45);
    await insert(other, 3);
    const first = await listNotifications(database.db, member);
    expect(first).toMatchObject({ filter: "all", page: 1, totalPages: 3, total: 45, unreadCount: 45 });
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice().reverse().slice(0, 20));
    expect(first.items[0]).toEqual({
      id: ids[44],
      type: "bid",
      title: "Notice 45",
      message: "Message 45",
      actionUrl: "/auctions/45",
      isRead: false,
      createdAt: new Date(START + 44 * 60_000).toISOString(),
    });
    const third = await listNotifications(database.db, member, { page: 3 });
    expect(third.items.map((item) => item.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await listNotifications(database.db, member, { page: 99 })).page).toBe(3);
    expect((await listNotifications(database.db, member, { page: 0 })).page).toBe(1);
  });

  it("orders by time even when rows were written out of order, and shows unknown types as other", async () => {
    const [late] = await insert(member, 1, { offsetMinutes: 100 });
    const [early] = await insert(member, 1, { offsetMinutes: 0, type: "carrier_pigeon" });
    const { items } = await listNotifications(database.db, member);
    expect(items.map((item) => [item.id, item.type])).toEqual([
      [late, "bid"],
      [early, "other"],
    ]);
  });

  it("filters to unread only", async () => {
    const read = await insert(member, 3, { read: true });
    const unread = await insert(member, 2, { offsetMinutes: 10 });
    const page = await listNotifications(database.db, member, { filter: "unread" });
    expect(page).toMatchObject({ filter: "unread", total: 2, unreadCount: 2, totalPages: 1 });
    expect(page.items.map((item) => item.id)).toEqual(unread.slice().reverse());
    expect(page.items.every((item) => !item.isRead)).toBe(true);
    expect((await listNotifications(database.db, member)).items.map((item) => item.id)).toEqual([...read, ...unread].reverse());
  });

  it("is empty for a member without notifications", async () => {
    await insert(other, 2);
    expect(await listNotifications(database.db, member, { filter: "unread" })).toEqual({
      items: [],
      filter: "unread",
      page: 1,
      totalPages: 1,
      total: 0,
      unreadCount: 0,
    });
  });
});

describe("the bell's latest", () => {
  it("are the member's 5 newest with their unread count", async () => {
    const ids = await insert(member, 8);
    await markNotificationRead(database.db, member, ids[7]!);
    await insert(other, 4, { offsetMinutes: 60 });
    const bell = await latestNotifications(database.db, member);
    expect(bell.items.map((item) => item.id)).toEqual(ids.slice(3).reverse());
    expect(bell.items).toHaveLength(BELL_SIZE);
    expect(bell.unreadCount).toBe(7);
  });

  it("counts 0 for nobody", async () => {
    expect(await countUnreadNotifications(database.db, null)).toBe(0);
    expect(await countUnreadNotifications(database.db, undefined)).toBe(0);
  });
});

describe("changes are limited to the member's own rows", () => {
  it("another member's id marks nothing read, deletes nothing and reads as not found", async () => {
    const mine = await insert(member, 2);
    const theirs = await insert(other, 2);
    const before = await snapshot(other);
    await expect(markNotificationRead(database.db, member, theirs[0]!)).rejects.toMatchObject(NOT_FOUND);
    await expect(deleteNotification(database.db, member, theirs[1]!)).rejects.toMatchObject(NOT_FOUND);
    await expect(markNotificationRead(database.db, member, 987_654_321)).rejects.toMatchObject(NOT_FOUND);
    await expect(deleteNotification(database.db, member, 987_654_321)).rejects.toMatchObject(NOT_FOUND);
    expect(await snapshot(other)).toEqual(before);
    expect(await countUnreadNotifications(database.db, other)).toBe(2);
    expect(await countUnreadNotifications(database.db, member)).toBe(2);
    expect(mine).toHaveLength(2);
  });

  it("mark all read touches only the member's unread rows", async () => {
    await insert(member, 3);
    await insert(other, 4);
    expect(await markAllNotificationsRead(database.db, member)).toBe(3);
    expect(await countUnreadNotifications(database.db, member)).toBe(0);
    expect(await countUnreadNotifications(database.db, other)).toBe(4);
    expect(await markAllNotificationsRead(database.db, member)).toBe(0);
  });

  it("the member's own notification is marked read and deleted", async () => {
    const [first, second] = await insert(member, 2);
    await markNotificationRead(database.db, member, first!);
    expect((await snapshot(member)).map((row) => row.is_read)).toEqual([1, 0]);
    await deleteNotification(database.db, member, second!);
    expect((await snapshot(member)).map((row) => row.id)).toEqual([first]);
    await expect(deleteNotification(database.db, member, second!)).rejects.toMatchObject(NOT_FOUND);
  });
});

describe("the unread count", () => {
  it("drops by one per notification read, to 0 on mark all, and never below 0", async () => {
    const ids = await insert(member, 3);
    expect(await countUnreadNotifications(database.db, member)).toBe(3);
    await markNotificationRead(database.db, member, ids[0]!);
    expect(await countUnreadNotifications(database.db, member)).toBe(2);
    // Reading the same one again changes nothing.
    await markNotificationRead(database.db, member, ids[0]!);
    expect(await countUnreadNotifications(database.db, member)).toBe(2);
    await markAllNotificationsRead(database.db, member);
    expect(await countUnreadNotifications(database.db, member)).toBe(0);
    await markAllNotificationsRead(database.db, member);
    await markNotificationRead(database.db, member, ids[1]!);
    await deleteNotification(database.db, member, ids[2]!);
    expect(await countUnreadNotifications(database.db, member)).toBe(0);
    // Deleting an unread one takes it out of the count.
    const [fresh] = await insert(member, 1);
    expect(await countUnreadNotifications(database.db, member)).toBe(1);
    await deleteNotification(database.db, member, fresh!);
    expect(await countUnreadNotifications(database.db, member)).toBe(0);
  });
});
