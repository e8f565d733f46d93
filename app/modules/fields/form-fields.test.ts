import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_MESSAGE, HIDDEN_CHARACTERS_MESSAGE, NAME_NOT_ADDRESS_MESSAGE } from "~/utils/safe-text";
import { controlCharacterFields, fieldErrors, optionalText, personName, recordIdFrom } from "./form-fields";

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

  it.each([
    ["12", 12],
    ["0", undefined],
    ["1e3", undefined],
    ["-4", undefined],
    ["1234567890", undefined],
    [undefined, undefined],
  ])("reads the id %j as %j", (raw, id) => {
    expect(recordIdFrom(raw)).toBe(id);
  });
});

describe("finding: `U+202E` and `U+200B` pass in names", () => {
  const hidden = {
    "U+202A left-to-right embedding": "\u202a",
    "U+202B right-to-left embedding": "\u202b",
    "U+202C pop directional formatting": "\u202c",
    "U+202D left-to-right override": "\u202d",
    "U+202E right-to-left override": "\u202e",
    "U+2066 left-to-right isolate": "\u2066",
    "U+2067 right-to-left isolate": "\u2067",
    "U+2068 first strong isolate": "\u2068",
    "U+2069 pop directional isolate": "\u2069",
    "U+200E left-to-right mark": "\u200e",
    "U+200F right-to-left mark": "\u200f",
    "U+061C Arabic letter mark": "\u061c",
    "U+200B zero-width space": "\u200b",
    "U+200C zero-width non-joiner": "\u200c",
    "U+200D zero-width joiner": "\u200d",
    "U+2060 word joiner": "\u2060",
    "U+FEFF zero-width no-break space": "\ufeff",
  };
  it.each(Object.entries(hidden))("no longer: a name with %s is refused with its own message", (_what, character) => {
    expect(errorsOf(personName("Name is required"), `Ann${character}Lee`)).toEqual([HIDDEN_CHARACTERS_MESSAGE]);
    // At an end too, unless trimming takes it away (a byte-order mark is white space to trim): the name kept has none.
    const parsed = personName("Name is required").safeParse(`${character}Ann Lee`);
    if (parsed.success) expect(parsed.data).toBe("Ann Lee");
    else expect(errorsOf(personName("Name is required"), `${character}Ann Lee`)).toEqual([HIDDEN_CHARACTERS_MESSAGE]);
  });

  it("still takes names in any script, accents and apostrophes included", () => {
    for (const name of ["Zoë O'Neil-Brown", "Siobhán Ní Bhriain", "محمد علي", "李娜", "Ὀδυσσεύς", "Ananya Rao"]) {
      expect(errorsOf(personName("Name is required"), name)).toEqual([]);
    }
  });

  it("refuses the C1 controls as control characters", () => {
    expect(errorsOf(personName("Name is required"), "Ann\u0085Lee")).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(errorsOf(optionalText(3000), "Hi\u009b31m")).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });
});

describe("finding: PostgreSQL answers 500 to a NUL byte in the sign-in name (API, PIN form, device approval; 11 of 14 fuzz 5xx)", () => {
  it("no longer: the shared body rule names every field that holds a control character, however deep", () => {
    const body = {
      name: "Sam\u0000",
      pin: "1234",
      note: "Line one\r\n\tLine two",
      services: [1, [2, { label: "x\u0085" }]],
      nested: { "ke\u0007y": "fine" },
      plain: "Zoë O'Neil",
      count: 3,
      empty: null,
    };
    expect(controlCharacterFields(Object.entries(body))).toEqual({
      name: CONTROL_CHARACTERS_MESSAGE,
      services: CONTROL_CHARACTERS_MESSAGE,
      nested: CONTROL_CHARACTERS_MESSAGE,
    });
  });

  it("reports a field whose own name holds one as the whole form, never echoing the name", () => {
    expect(controlCharacterFields([["na\u0000me", "Ann"]])).toEqual({ form: CONTROL_CHARACTERS_MESSAGE });
  });

  it("reads a form's entries and a body nested thousands deep", () => {
    const form = new FormData();
    form.append("code", "\u0000");
    form.append("intent", "approve-device");
    expect(controlCharacterFields(form)).toEqual({ code: CONTROL_CHARACTERS_MESSAGE });
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(controlCharacterFields([["deep", deep]])).toEqual({ deep: CONTROL_CHARACTERS_MESSAGE });
    expect(controlCharacterFields([["tabbed", "a\tb"]])).toEqual({});
  });
});
