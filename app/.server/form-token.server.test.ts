import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkFormToken, createFormToken } from "./form-token.server";

describe("form tokens", () => {
  const secret = "test-secret";
  const shown = Date.UTC(2026, 10, 22, 10, 0, 0);
  const minFillMs = 3000;

  it("passes a form filled in at a human pace", () => {
    expect(checkFormToken(createFormToken(secret, shown), secret, minFillMs, shown + minFillMs)).toBe("ok");
  });

  it("accepts a token signed with any of the secrets, so a new secret does not spoil pages already served", () => {
    const old = createFormToken("old-secret", shown);
    expect(checkFormToken(old, ["new-secret", "old-secret"], minFillMs, shown + minFillMs)).toBe("ok");
    expect(checkFormToken(old, ["new-secret"], minFillMs, shown + minFillMs)).toBe("unsigned");
  });

  it("flags a form sent faster than anyone types", () => {
    expect(checkFormToken(createFormToken(secret, shown), secret, minFillMs, shown + 800)).toBe("too-fast");
  });

  it("lets any pace through when the minimum is 0", () => {
    expect(checkFormToken(createFormToken(secret, shown), secret, 0, shown)).toBe("ok");
  });

  it("does not trust a token it did not sign, or a forged time", () => {
    const token = createFormToken(secret, shown);
    expect(checkFormToken(token, "other-secret", minFillMs, shown + 10_000)).toBe("unsigned");
    const forged = `${(shown - 60_000).toString(36)}.${token.split(".")[1]}`;
    expect(checkFormToken(forged, secret, minFillMs, shown + 100)).toBe("unsigned");
    expect(checkFormToken(undefined, secret, minFillMs)).toBe("unsigned");
    expect(checkFormToken("nonsense", secret, minFillMs)).toBe("unsigned");
  });

  it("gives every page a token of its own, even two shown in the same millisecond", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => createFormToken(secret, shown)));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(checkFormToken(token, secret, minFillMs, shown + minFillMs)).toBe("ok");
  });

  it("does not let the random part be changed under the signature", () => {
    const [stamp, , signature] = createFormToken(secret, shown).split(".");
    expect(checkFormToken(`${stamp}.AAAAAAAAAAA.${signature}`, secret, minFillMs, shown + minFillMs)).toBe("unsigned");
    expect(checkFormToken(`${stamp}.x.y.${signature}`, secret, minFillMs, shown + minFillMs)).toBe("unsigned");
  });

  it("still reads a token of the earlier shape (no random part), so pages served before it shipped work for their day", () => {
    const stamp = shown.toString(36);
    const earlier = `${stamp}.${createHmac("sha256", secret).update(`form:${stamp}`).digest("base64url").slice(0, 22)}`;
    expect(checkFormToken(earlier, secret, minFillMs, shown + minFillMs)).toBe("ok");
  });

  it("calls a form shown more than a day ago expired", () => {
    const token = createFormToken(secret, shown);
    expect(checkFormToken(token, secret, minFillMs, shown + 23 * 3_600_000)).toBe("ok");
    expect(checkFormToken(token, secret, minFillMs, shown + 25 * 3_600_000)).toBe("expired");
  });
});
