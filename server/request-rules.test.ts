import { describe, expect, it } from "vitest";
import { declaredCharset } from "./request-rules";

describe("finding: `charset=utf-7` is accepted", () => {
  it.each([
    ["application/json", null],
    ["application/json; charset=utf-8", "utf-8"],
    ["application/json;charset=UTF-7", "utf-7"],
    ['application/json; charset="utf-16"', "utf-16"],
    ["application/x-www-form-urlencoded ; CHARSET = iso-8859-1", "iso-8859-1"],
    ["multipart/form-data; boundary=zz; charset=us-ascii", "us-ascii"],
    [undefined, null],
  ])("reads the charset %j declares as %j", (type, charset) => {
    expect(declaredCharset(type)).toBe(charset);
  });
});
