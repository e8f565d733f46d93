import { describe, expect, it } from "vitest";
import { isCleanText, isPlainName } from "./safe-text";

describe("isPlainName", () => {
  it.each(["Anna Maria Smith", "J. R. Smith", "Zoë O'Neil-Brown", "St.John Rivers", "Dr. Amy Lee", "Siobhán", "Li Na", "J.R.R. Tolkien", "Ann-Marie O'Neil Jr. Smith"])("takes %s", (name) => {
    expect(isPlainName(name)).toBe(true);
  });
  it.each([
    "https://evil.example/XQ1-claim-your-prize",
    "evil.example",
    "go to x.com/prize",
    "www.prize",
    "WWW.PRIZE.CO.UK",
    "ann@example.com",
    "<script>alert(1)</script>",
    "Ann\u0000Lee",
    "Ann\nLee",
    "Ann\tLee",
    "ftp://files",
    "bit.ly/abc",
    "a.b.co",
    // A name that contains anything like a domain still reached a text message (issue 18): no longer.
    "evil.com! Smith",
    "See bit.ly) now",
    "Ann (evil.co)",
    "prize.win, Ann",
    "Ann \"evil.example\"",
  ])("refuses %j", (name) => {
    expect(isPlainName(name)).toBe(false);
  });
});

describe("isCleanText", () => {
  it("allows tab and line breaks in a multi-line answer, and nothing else below space", () => {
    expect(isCleanText("one\r\n\ttwo")).toBe(true);
    for (const code of [0, 1, 7, 8, 11, 12, 14, 27, 31, 127]) expect(isCleanText(`a${String.fromCharCode(code)}b`)).toBe(false);
  });
  it("allows none in a one-line answer", () => {
    expect(isCleanText("a\tb", false)).toBe(false);
    expect(isCleanText("a b", false)).toBe(true);
  });
});

describe("finding: `evil。com` and `evil．com` pass the domain-like name rule", () => {
  it.each(["evil。com", "evil．com", "evil｡com", "ｅｖｉｌ．ｃｏｍ", "Ann (evil。co.uk)", "ｗｗｗ。prize", "go to x。com/prize", "ann＠example.com"])(
    "no longer: %j is refused",
    (name) => {
      expect(isPlainName(name)).toBe(false);
    },
  );
  it.each(["J。R。 Smith", "李娜", "Ｊ．Ｒ． Smith", "St．John Rivers"])("still takes %j", (name) => {
    expect(isPlainName(name)).toBe(true);
  });
});

describe("isCleanText and the C1 controls", () => {
  it("refuses C1 controls in any answer, and nothing above them", () => {
    for (const code of [0x80, 0x85, 0x9b, 0x9f]) {
      expect(isCleanText(`a${String.fromCharCode(code)}b`)).toBe(false);
      expect(isCleanText(`a${String.fromCharCode(code)}b`, false)).toBe(false);
    }
    expect(isCleanText("Zoë\u00a0Lee")).toBe(true);
  });
});
