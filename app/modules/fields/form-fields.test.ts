import { describe, expect, it } from "vitest";
import { NAME_NOT_ADDRESS_MESSAGE } from "~/utils/safe-text";
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
    const empty = personName("Name is required").safeParse("");
    expect(empty.success ? {} : fieldErrors(empty.error)).toEqual({ form: "Name is required" });
  });
});
