import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it.each([
    ["Leah Marsh", "Leah Marsh"],
    ["Marsh, Leah", '"Marsh, Leah"'],
    ['Leah "Lee" Marsh', '"Leah ""Lee"" Marsh"'],
    ["line one\nline two", '"line one\nline two"'],
    ["=HYPERLINK(\"http://evil.example\")", '"\'=HYPERLINK(""http://evil.example"")"'],
    ["+447700900123", "'+447700900123"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1", '"\'\r=1"'],
    ["a=b", "a=b"],
    // The CSV guard missed ";=" cells: a part after ; or , is guarded too.
    ["Lee;=1+1", "Lee;'=1+1"],
    ["Lee;+44", "Lee;'+44"],
    ["Lee,=cmd", '"Lee,\'=cmd"'],
    ["a;@SUM(A1);-2", "a;'@SUM(A1);'-2"],
    ["x;\tcmd", "x;'\tcmd"],
    ["Marsh, Leah", '"Marsh, Leah"'],
    ["", ""],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["\t=HYPERLINK(1)", "'\t=HYPERLINK(1)"],
    ["\t\t+1", "'\t\t+1"],
    ["\r\n@SUM(A1)", '"\'\r\n@SUM(A1)"'],
    ["＝HYPERLINK(1)", "'＝HYPERLINK(1)"],
    ["＋44", "'＋44"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
    ["﹦1+1", "'﹦1+1"],
    ["﹢1", "'﹢1"],
    ["﹣1", "'﹣1"],
    ["﹫SUM(A1)", "'﹫SUM(A1)"],
    ["−1", "'−1"],
    ["  =1+1", "'  =1+1"],
    ["\u00a0＝1", "'\u00a0＝1"],
    ["\u3000=cmd", "'\u3000=cmd"],
    ["\n-2", '"\'\n-2"'],
    ["Lee; ＝cmd", "Lee;' ＝cmd"],
    ["Lee,\t=cmd", '"Lee,\'\t=cmd"'],
    // Text with these characters further in is left alone.
    ["Lee ＝ Marsh", "Lee ＝ Marsh"],
    ["Ann-Marie", "Ann-Marie"],
    ["  Ann", "  Ann"],
  ])("finding: CSV cells starting with a tab or a full-width ＝ before a formula are written bare: no longer, %j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes numbers, booleans and blanks", () => {
    expect([csvCell(3), csvCell(true), csvCell(null), csvCell(undefined)]).toEqual(["3", "true", "", ""]);
  });
});

describe("toCsv", () => {
  it("starts with a byte-order mark and ends every row with CRLF", () => {
    expect(toCsv([["Name", "Email"], ["Zoë", "z@example.com"]])).toBe("\uFEFFName,Email\r\nZoë,z@example.com\r\n");
  });
});
