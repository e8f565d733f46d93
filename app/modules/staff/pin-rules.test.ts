import { describe, expect, it } from "vitest";
import { nameProblem, parseStaffAccounts, pinMessages, pinProblem } from "./pin-rules";

describe("pinProblem", () => {
  // The probe's finding: the rule accepted 27 of 35 commonly chosen PINs. Every one of these is refused, with its reason.
  it("the PIN rule refuses commonly chosen PINs (repeats, sequences, pairs, years, keyboard patterns)", () => {
    const common = ["000000", "111111", "123456", "654321", "123123", "121212", "696969", "112233", "123321", "666666", "159753", "147258", "789456", "456456", "520520", "131313", "102030", "101010", "252525", "199999", "200000", "198888", "789789", "246810", "135790", "147852", "112358", "314159", "100200", "110110", "121314", "010101", "456789", "987654", "258258"];
    expect(common.filter((pin) => pinProblem(pin) === null)).toEqual([]);
  });

  it.each([
    ["482913", null],
    ["390624", null],
    ["10293847", null],
    ["000001", null],
    ["123457", null],
    ["845217", null],
    ["12345a", pinMessages.digits],
    ["12 3456", pinMessages.digits],
    ["", pinMessages.short],
    ["48291", pinMessages.short],
    ["4829134829134", pinMessages.long],
    ["111111", pinMessages.repeated],
    ["00000000", pinMessages.repeated],
    ["123456", pinMessages.run],
    ["987654", pinMessages.run],
    ["0123456789", pinMessages.run],
    ["890123", pinMessages.run],
    ["210987", pinMessages.run],
    ["135791", pinMessages.run],
    ["121212", pinMessages.pattern],
    ["123123", pinMessages.pattern],
    ["696969", pinMessages.pattern],
    ["12341234", pinMessages.pattern],
    ["123321", pinMessages.mirror],
    ["112233", pinMessages.common],
    ["112358", pinMessages.common],
    ["520520", pinMessages.pattern],
    ["147258", pinMessages.keypad],
    ["159357", pinMessages.keypad],
    ["789456", pinMessages.keypad],
    ["2580369", pinMessages.keypad],
    ["251299", pinMessages.date],
    ["122599", pinMessages.date],
    ["880412", pinMessages.date],
    ["199087", pinMessages.date],
    ["872001", pinMessages.date],
    ["25121999", pinMessages.date],
    ["20240101", pinMessages.date],
  ])("%j → %s", (pin, problem) => {
    expect(pinProblem(pin)).toBe(problem);
  });
});

describe("nameProblem", () => {
  it.each([
    ["Morgan", null],
    ["Sam O'Neill", null],
    ["", "A staff member needs a name."],
    ["x".repeat(41), "A name can have at most 40 characters."],
    ["Sam:1", expect.stringMatching(/comma or a colon/)],
    ["Sam,Jo", expect.stringMatching(/comma or a colon/)],
    ["Sam\u0007", "A name can't contain control characters."],
  ])("%j", (name, problem) => {
    expect(nameProblem(name)).toEqual(problem);
  });
});

describe("parseStaffAccounts", () => {
  it("reads names and PINs, trimming spaces", () => {
    expect(parseStaffAccounts(" Morgan:482913 , Sam O'Neill:390624,")).toEqual([
      { name: "Morgan", pin: "482913", role: "manager" },
      { name: "Sam O'Neill", pin: "390624", role: "manager" },
    ]);
  });

  it("reads a role after the PIN, a manager when there is none, and refuses any other word", () => {
    expect(parseStaffAccounts("Morgan:482913:manager,Rae:390624:reception,Jo:845217")).toEqual([
      { name: "Morgan", pin: "482913", role: "manager" },
      { name: "Rae", pin: "390624", role: "reception" },
      { name: "Jo", pin: "845217", role: "manager" },
    ]);
    expect(() => parseStaffAccounts("Rae:390624:boss")).toThrow(/"Rae": the role "boss" is not one of manager or reception/);
    expect(() => parseStaffAccounts("Rae:390624:reception:x")).toThrow(/"Rae" is not in the form Name:PIN or Name:PIN:role/);
  });

  it("is empty when unset", () => {
    expect(parseStaffAccounts(undefined)).toEqual([]);
    expect(parseStaffAccounts("  ")).toEqual([]);
  });

  it("refuses weak PINs, naming the account and never showing the PIN", () => {
    const message = (() => {
      try {
        parseStaffAccounts("Morgan:345678,Sam:4444,Jo:482913");
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^STAFF_ACCOUNTS is not valid: "Morgan": A PIN can't be a run of digits.*"Sam": A PIN needs at least 6 digits/);
    expect(message).not.toMatch(/345678|4444/);
  });

  it("refuses entries without a colon, repeated names and shared PINs", () => {
    expect(() => parseStaffAccounts("Morgan")).toThrow(/entry 1 is not in the form Name:PIN or Name:PIN:role/);
    expect(() => parseStaffAccounts("Morgan:482913,morgan:390624")).toThrow(/listed more than once/);
    expect(() => parseStaffAccounts("Morgan:482913,Sam:482913")).toThrow(/"Sam" has the same PIN as "Morgan"/);
  });
});
