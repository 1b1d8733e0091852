// /admin/audit-log and /admin/audit-log.csv through their loaders and rendered page, on both engines: the
// log names the staff member and the subject (a member, a listing's title) with links instead of ids, and reads the
// change as "role: buyer → seller"; the action filter is a list of the catalogue's actions that narrows the log, and
// an action it does not know is a message, not an error; the CSV carries a byte order mark, the header, the page's
// filters and defused formulas; a moderator reads only their own decisions whatever the address asks; a buyer and
// support staff are refused.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { UNKNOWN_AUDIT_ACTION_MESSAGE } from "~/lib/audit-actions.ts";
import { AUDIT_LOG_CSV_MAX_ROWS } from "~/lib/admin.ts";
import { UTF8_BOM } from "~/lib/csv.ts";
import { changeUserAccess } from "~/services/admin/index.server.ts";
import { recordAuditEvent } from "~/services/platform/audit-log.server.ts";
import { insertListingRow } from "../../support/listings.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { pageRoute, renderPage, ROUTE_CONTEXT, sessionCookie, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const pageModule = await import("~/routes/admin.audit-log.tsx");
const csvModule = await import("~/routes/admin.audit-log[.csv].tsx");

interface ShownEntry {
  action: string;
  actionLabel: string;
  actor: { label: string; href: string | null };
  subject: { kind: string; name: string; href: string | null };
  detailLines: string[];
}
interface PageData {
  entries: ShownEntry[];
  problem: string | null;
  scope: "all" | "own";
}

let opened: OpenedDatabase;
const calls = () => routeCalls<PageData>({ db: () => opened.db });
const people = { admin: "", moderator: "", otherModerator: "", member: "", buyer: "", support: "" };
let listing = 0;
const TITLE = '=HYPERLINK("http://evil.example","Tektronix")';

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.admin = await insertUserRow(opened.db, "ada@example.test", "admin");
  people.moderator = await insertUserRow(opened.db, "mo@example.test", "moderator");
  people.otherModerator = await insertUserRow(opened.db, "otto@example.test", "moderator");
  people.member = await insertUserRow(opened.db, "bea@example.test", "buyer");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  people.support = await insertUserRow(opened.db, "support@example.test", "support");
  const names: Array<[string, string, string]> = [
    [people.admin, "Ada", "Admin"],
    [people.moderator, "Mo", "Derator"],
    [people.otherModerator, "Otto", "Other"],
    [people.member, "Bea", "Member"],
  ];
  for (const [id, first, last] of names) await opened.db.updateTable("profiles").set({ first_name: first, last_name: last }).where("id", "=", id).execute();
  const seller = await insertUserRow(opened.db, "seller@example.test", "seller");
  listing = await insertListingRow(opened.db, seller, { title: TITLE });

  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
  // The administrator makes a buyer a seller (the real service writes the entry).
  await changeUserAccess(opened.db, people.admin, people.member, { role: "seller" }, at(0));
  // The moderator removes the listing; another moderator hides a review with a reason (free text).
  await recordAuditEvent(
    opened.db,
    {
      actorUserId: people.moderator,
      action: "listing.remove",
      subjectType: "listing",
      subjectId: listing,
      detail: JSON.stringify({ old: { status: "active" }, new: { status: "removed" }, message: "Counterfeit" }),
    },
    at(1),
  );
  await recordAuditEvent(
    opened.db,
    { actorUserId: people.otherModerator, action: "review.hide", subjectType: "review", subjectId: 999_999, detail: "Abusive language" },
    at(2),
  );
});
afterAll(async () => {
  await opened.close();
});

async function page(url: string, as: string) {
  return renderPage(
    [pageRoute("/admin/audit-log", pageModule as unknown as RouteModule)],
    new Request(`http://localhost${url}`, { headers: { Cookie: await sessionCookie(opened.db, as) } }),
  );
}

async function csv(url: string, as: string | null) {
  const headers = new Headers();
  if (as) headers.set("Cookie", await sessionCookie(opened.db, as));
  const request = new Request(`http://localhost${url}`, { headers });
  let response: unknown;
  try {
    response = await csvModule.loader({ request, params: {}, context: ROUTE_CONTEXT });
  } catch (thrown) {
    response = thrown;
  }
  // A refusal the guards throw (not a file): its status as the Remix server would send it.
  if (!(response instanceof Response)) return { status: (await calls().answer(async () => Promise.reject(response))).status, type: null, text: "" };
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("Content-Type"), text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("/admin/audit-log: names, links and words", () => {
  it("shows the staff member and the subject by name with links, and the change as 'role: buyer → seller'", async () => {
    const shown = await page("/admin/audit-log", people.admin);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Role changed");
    expect(shown.text).toContain("role: buyer → seller");
    expect(shown.text).toContain("Ada Admin");
    expect(shown.text).toContain("Bea Member");
    expect(shown.html).toContain(`href="/admin/users/${people.member}"`);
    expect(shown.html).toContain(`href="/admin/users/${people.admin}"`);
    // The listing act: its title, linked to the listing; the change in words, the message as text.
    expect(shown.text).toContain("Listing removed");
    expect(shown.text).toContain(`Listing ${TITLE}`);
    expect(shown.html).toContain(`href="/listings/${listing}"`);
    expect(shown.text).toContain("status: active → removed");
    expect(shown.text).toContain("message: Counterfeit");
    // Free text stays text; a subject gone from the database says so.
    expect(shown.text).toContain("Abusive language");
    expect(shown.text).toContain("Review 999999 (no longer exists)");
    expect(shown.text).toContain("Member Bea Member");
    // No raw ids or JSON where names and words now stand.
    expect(shown.text).not.toContain(people.member);
    expect(shown.text).not.toContain("user.role_change");
    expect(shown.text).not.toContain('{"old"');
  });

  it("offers the actions as a list that works without JavaScript, and the filter narrows the log", async () => {
    const shown = await page("/admin/audit-log", people.admin);
    expect(shown.html).toMatch(/<form[^>]*method="get"/);
    expect(shown.html).toMatch(/<select[^>]*name="action"/);
    expect(shown.html).toContain('<option value="user.role_change">Role changed</option>');
    const roleChanges = await calls().get(pageModule, "/admin/audit-log?action=user.role_change", people.admin);
    expect(roleChanges.data?.entries.map((entry) => entry.action)).toEqual(["user.role_change"]);
    const listings = await calls().get(pageModule, "/admin/audit-log?action=listing.", people.admin);
    expect(listings.data?.entries.map((entry) => entry.action)).toEqual(["listing.remove"]);
    const all = await calls().get(pageModule, "/admin/audit-log", people.admin);
    expect(all.data?.entries.map((entry) => entry.action)).toEqual(["review.hide", "listing.remove", "user.role_change"]);
  });

  it("answers an action it does not know with a message, not an error", async () => {
    const answer = await calls().get(pageModule, "/admin/audit-log?action=user.delete_everything", people.admin);
    expect(answer.status).toBe(200);
    expect(answer.data?.problem).toBe(UNKNOWN_AUDIT_ACTION_MESSAGE("user.delete_everything"));
    expect(answer.data?.entries).toEqual([]);
    const shown = await page("/admin/audit-log?action=user.delete_everything", people.admin);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(UNKNOWN_AUDIT_ACTION_MESSAGE("user.delete_everything"));
    const file = await csv("/admin/audit-log.csv?action=user.delete_everything", people.admin);
    expect([file.status, file.text.trim()]).toEqual([400, UNKNOWN_AUDIT_ACTION_MESSAGE("user.delete_everything")]);
  });
});

describe("/admin/audit-log.csv", () => {
  it("has a byte order mark, the header, the page's filters, and a title starting with '=' defused", async () => {
    const file = await csv("/admin/audit-log.csv?action=listing.remove", people.admin);
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect(file.text.startsWith(UTF8_BOM)).toBe(true);
    const lines = file.text.slice(1).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("entry,when_utc,actor_id,actor,action,action_label,subject_type,subject_id,subject,detail");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${people.moderator},Mo Derator,listing.remove,Listing removed,listing,${listing},`);
    expect(lines[1]).toContain("status: active → removed; message: Counterfeit");
    // The title's cell starts with a quote mark, so a spreadsheet shows it instead of running it.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Tektronix"")",`);
    expect(lines[1]).not.toMatch(/,=HYPERLINK/);
    const everything = await csv("/admin/audit-log.csv", people.admin);
    expect(everything.text.slice(1).split("\r\n").filter(Boolean)).toHaveLength(4);
  });
});

describe("/admin/audit-log: who may read what", () => {
  it("a moderator reads only their own decisions, even when the address asks for someone else's", async () => {
    for (const url of ["/admin/audit-log", "/admin/audit-log?actor=Ada", "/admin/audit-log?actor=otto@example.test"]) {
      const answer = await calls().get(pageModule, url, people.moderator);
      expect([url, answer.status, answer.data?.scope]).toEqual([url, 200, "own"]);
      expect([url, answer.data?.entries.map((entry) => [entry.action, entry.actor.label])]).toEqual([url, [["listing.remove", "Mo Derator"]]]);
    }
    const shown = await page("/admin/audit-log?actor=Ada", people.moderator);
    expect(shown.text).toContain("My decisions");
    expect(shown.text).not.toContain("Ada Admin");
    expect(shown.text).not.toContain("Otto Other");
    // Moderators do not open member pages: the names stand without links there.
    expect(shown.html).not.toContain("/admin/users/");
    const file = await csv("/admin/audit-log.csv?actor=Ada", people.moderator);
    const rows = file.text.slice(1).split("\r\n").filter(Boolean).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain("Mo Derator,listing.remove");
  });

  it("refuses a buyer and support staff on the page and the CSV, and sends visitors to sign in", async () => {
    for (const who of [people.buyer, people.support]) {
      expect((await calls().get(pageModule, "/admin/audit-log", who)).status).toBe(403);
      expect((await csv("/admin/audit-log.csv", who)).status).toBe(403);
    }
    expect((await calls().get(pageModule, "/admin/audit-log", null)).status).toBe(302);
    expect((await csv("/admin/audit-log.csv", null)).status).toBe(302);
  });
});

describe("/admin/audit-log.csv: the bound", () => {
  it(`stops at ${AUDIT_LOG_CSV_MAX_ROWS} rows and says so on its last line`, async () => {
    const rows = Array.from({ length: AUDIT_LOG_CSV_MAX_ROWS + 5 }, (_, index) => ({
      actor_user_id: null,
      action: "forum.post.hide_by_flags",
      subject_type: "forum_post",
      subject_id: "1",
      detail: JSON.stringify({ flags: 3 }),
      created_at: new Date(Date.UTC(2026, 9, 1) + index * 1000).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await opened.db
        .insertInto("audit_events")
        .values(rows.slice(start, start + 1000))
        .execute();
    const file = await csv("/admin/audit-log.csv?action=forum.post.hide_by_flags", people.admin);
    const lines = file.text.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + AUDIT_LOG_CSV_MAX_ROWS + 1);
    expect(lines.at(-1)).toMatch(new RegExp(`^# cut at ${AUDIT_LOG_CSV_MAX_ROWS} entries`));
    expect(lines[1]).toContain("The marketplace,forum.post.hide_by_flags,Post hidden after members' flags,forum_post,1,1 (no longer exists),flags: 3");
  }, 120_000);
});
