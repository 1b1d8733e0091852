// One rule for the name a member goes by where others see them (docs/decisions/0082): the company, else first and last
// name, else the caller's word. The forum, the moderation queues, checkout, featuring and dispute threads all ask
// publicName, so a member trading as a company is that company on every page, as on their public profile.
import { describe, expect, it } from "vitest";
import { displayName, publicName } from "~/lib/user.ts";
import { memberName as forumName } from "~/services/community/forum-names.server.ts";
import { sellerNameOf } from "~/services/admin/listing-reports.server.ts";

const trader = { first_name: "Samuel", last_name: "Sellwood", company_name: "Keystone Surplus" };
const person = { first_name: "Bianca", last_name: "Byers", company_name: "" };
const nameless = { first_name: "", last_name: "", company_name: "  " };

describe("a member's public name", () => {
  it("is the company, else first and last name, else the fallback", () => {
    expect(publicName({ firstName: "Samuel", lastName: "Sellwood", companyName: " Keystone Surplus " })).toBe("Keystone Surplus");
    expect(publicName({ firstName: "Bianca", lastName: "Byers", companyName: "   " })).toBe("Bianca Byers");
    expect(publicName({ firstName: null, lastName: null, companyName: null })).toBe("Tradebench member");
    expect(publicName({ firstName: "", lastName: "", companyName: "" }, "Member")).toBe("Member");
  });

  it("is the same in the forum as on the public profile", () => {
    expect(forumName(trader)).toBe("Keystone Surplus");
    expect(forumName(person)).toBe("Bianca Byers");
    expect(forumName(nameless)).toBe("Member");
  });

  it("is the same in the moderation queues, empty when the profile has no name", () => {
    expect(sellerNameOf(trader)).toBe("Keystone Surplus");
    expect(sellerNameOf(person)).toBe("Bianca Byers");
    expect(sellerNameOf(nameless)).toBe("");
  });

  it("is not the account menu's name, which names the person signed in", () => {
    expect(displayName({ firstName: "Samuel", lastName: "Sellwood", email: "seller@example.com" })).toBe("Samuel Sellwood");
    expect(displayName({ firstName: "", lastName: "", email: "seller@example.com" })).toBe("seller@example.com");
  });
});
