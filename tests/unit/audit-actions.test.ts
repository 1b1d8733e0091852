// The audit log's words (app/lib/audit-actions.ts): each recorded detail shape reads as plain lines, free
// text stays text, and the action filter accepts the catalogue's actions and groups only.
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionChoices, auditActionLabel, auditDetailLines, isAuditActionFilter } from "~/lib/audit-actions.ts";

describe("auditDetailLines", () => {
  it("reads old and new values as 'field: old → new', in plain words", () => {
    expect(auditDetailLines("user.role_change", JSON.stringify({ old: { role: "buyer" }, new: { role: "seller" } }))).toEqual(["role: buyer → seller"]);
    expect(auditDetailLines("listing.feature", JSON.stringify({ old: { is_featured: false }, new: { is_featured: true } }))).toEqual(["featured: no → yes"]);
    expect(auditDetailLines("user.suspend", JSON.stringify({ old: { suspended: false }, new: { suspended: true, reason: "Spam" } }))).toEqual([
      "suspended: no → yes",
      "reason: Spam",
    ]);
    expect(auditDetailLines("user.reinstate", JSON.stringify({ old: { suspended: true, reason: "Spam" }, new: { suspended: false } }))).toEqual([
      "suspended: yes → no",
      "reason was: Spam",
    ]);
  });

  it("reads a created thing's fields, a deleted one's, and the extra facts an act records", () => {
    expect(auditDetailLines("category.add", JSON.stringify({ old: null, new: { name: "Drills", parent: "tools" } }))).toEqual([
      "name: Drills",
      "parent: tools",
    ]);
    expect(auditDetailLines("category.delete", JSON.stringify({ old: { name: "Drills" }, new: null }))).toEqual(["name was: Drills"]);
    expect(auditDetailLines("fraud_report.confirm", JSON.stringify({ report: 4, old: { status: "pending" }, new: { status: "confirmed" } }))).toEqual([
      "status: pending → confirmed",
      "report: 4",
    ]);
  });

  it("names what a forum act's from/to and a rate's before/after are about", () => {
    expect(auditDetailLines("forum.topic.lock", JSON.stringify({ from: false, to: true }))).toEqual(["locked: no → yes"]);
    expect(auditDetailLines("exchange_rate.record", JSON.stringify({ source: "ecb", before: null, after: "0.9" }))).toEqual([
      "units per USD: none → 0.9",
      "source: ecb",
    ]);
  });

  it("keeps free text as written, and an empty detail as no lines", () => {
    expect(auditDetailLines("review.hide", "Abusive language")).toEqual(["Abusive language"]);
    expect(auditDetailLines("review.hide", "{not json")).toEqual(["{not json"]);
    expect(auditDetailLines("account.second_factor.recovery_codes", "")).toEqual([]);
  });
});

describe("the action catalogue", () => {
  it("labels the actions and offers every one in exactly one group", () => {
    expect(auditActionLabel("user.role_change")).toBe("Role changed");
    expect(auditActionLabel("legacy.thing")).toBe("legacy.thing");
    const offered = auditActionChoices().flatMap((group) => group.actions.map((action) => action.value));
    expect(new Set(offered).size).toBe(offered.length);
    expect(offered.length).toBe(Object.keys(AUDIT_ACTION_LABELS).length);
    expect(offered).toContain("forum.post.hide_by_flags");
  });

  it("accepts a catalogued action or a group, nothing else", () => {
    expect(["user.role_change", "forum.", "exchange_rate."].map(isAuditActionFilter)).toEqual([true, true, true]);
    expect(["user.delete_everything", "user", "", "forum.topic."].map(isAuditActionFilter)).toEqual([false, false, false, false]);
  });
});
