// The forum's last-reply times (docs/product/community.md#forum) and its page numbers.
import { describe, expect, it } from "vitest";
import { FORUM_LIMITS, formatForumTime, forumPageOf } from "~/lib/forum.ts";
import { TopicActionSchema } from "~/schemas/forum.ts";

const now = new Date("2026-11-26T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatForumTime", () => {
  it("says Just now under an hour, Nh ago under a day, Nd ago under a week, else the date", () => {
    expect(formatForumTime(ago(0), now)).toBe("Just now");
    expect(formatForumTime(ago(59 * 60_000), now)).toBe("Just now");
    expect(formatForumTime(ago(60 * 60_000), now)).toBe("1h ago");
    expect(formatForumTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe("23h ago");
    expect(formatForumTime(ago(24 * 3_600_000), now)).toBe("1d ago");
    expect(formatForumTime(ago(6 * 86_400_000 + 3_600_000), now)).toBe("6d ago");
    expect(formatForumTime(ago(7 * 86_400_000), now)).toBe("Nov 19, 2026");
    // A little in the future (clock skew) reads as now; nonsense reads as nothing.
    expect(formatForumTime(ago(-30_000), now)).toBe("Just now");
    expect(formatForumTime("not a time", now)).toBe("");
  });
});

describe("forumPageOf", () => {
  it("reads digits within 1…maxPage and anything else as page 1", () => {
    expect(forumPageOf(null)).toBe(1);
    expect(forumPageOf("3")).toBe(3);
    expect(forumPageOf("0")).toBe(1);
    expect(forumPageOf("99999999999999999999")).toBe(FORUM_LIMITS.maxPage);
    expect(forumPageOf("-2")).toBe(1);
    expect(forumPageOf("2.5")).toBe(1);
    expect(forumPageOf("1e3")).toBe(1);
  });
});

describe("TopicActionSchema", () => {
  it("knows each intent and refuses the rest", () => {
    expect(TopicActionSchema.safeParse({ intent: "reply", body: "Looks fine" }).success).toBe(true);
    expect(TopicActionSchema.safeParse({ intent: "reply", body: " " }).success).toBe(false);
    expect(TopicActionSchema.safeParse({ intent: "like", postId: "12" }).success).toBe(true);
    expect(TopicActionSchema.safeParse({ intent: "like", postId: "-1" }).success).toBe(false);
    expect(TopicActionSchema.safeParse({ intent: "pin" }).success).toBe(true);
    expect(TopicActionSchema.safeParse({ intent: "delete-everything" }).success).toBe(false);
  });
});
