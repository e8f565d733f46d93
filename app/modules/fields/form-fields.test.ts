import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE, NAME_NOT_ADDRESS_MESSAGE } from "~/utils/safe-text";
import { fieldErrors, optionalText, personName } from "./form-fields";

const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error as { issues: { message: string }[] }).issues.map((issue) => issue.message);
};

describe("the shared field rules", () => {
  it("refuse an answer over its cap with the cap's words alone: no later rule reads tens of KiB", () => {
    // An address and a control character in it too: only the length is said, so the name rules never ran on it.
    const long = `${"y".repeat(60 * 1024)} ann@example.com https://evil.example \u0007`;
    expect(errorsOf(personName("Name is required"), long)).toEqual(["Please keep this to 100 characters or fewer"]);
    expect(errorsOf(optionalText(3000), long)).toEqual(["Please keep this to 3000 characters or fewer"]);
  });

  it("still read an answer within its cap for addresses and control characters", () => {
    expect(errorsOf(personName("Name is required"), "Ann web+app://x")).toEqual([NAME_NOT_ADDRESS_MESSAGE]);
    expect(errorsOf(optionalText(3000), "Hi\u0007")).toHaveLength(1);
    // A name is one line: it heads the emails and texts we send.
    expect(errorsOf(personName("Name is required"), "Ann\nBell")).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(errorsOf(personName("Name is required"), "Ann\tBell")).toContain(CONTROL_CHARACTERS_MESSAGE);
    expect(errorsOf(personName("Name is required", { tooLong: "Please shorten your name" }), "y".repeat(101))).toEqual(["Please shorten your name"]);
    const empty = personName("Name is required").safeParse("");
    expect(empty.success ? {} : fieldErrors(empty.error)).toEqual({ form: "Name is required" });
  });
});
