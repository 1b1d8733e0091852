// fieldErrorsOf (app/web/form-data.server.ts): a refused submission's messages by field, for the admin forms that send
// them back beside each field with the first one in the banner.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/web/form-data.server.ts";

describe("fieldErrorsOf", () => {
  it("keeps only the fields with messages, and names the first message", () => {
    expect(fieldErrorsOf({ code: ["Enter a code."], value: null, maxUses: [], date: ["Pick a date.", "Not in the future."] })).toEqual({
      fieldErrors: { code: ["Enter a code."], date: ["Pick a date.", "Not in the future."] },
      first: "Enter a code.",
    });
  });

  it("asks to check the form when no field has a message", () => {
    expect(fieldErrorsOf(undefined)).toEqual({ fieldErrors: {}, first: "Please check the form." });
    expect(fieldErrorsOf({ code: null })).toEqual({ fieldErrors: {}, first: "Please check the form." });
  });
});
