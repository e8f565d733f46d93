import { describe, expect, it } from "vitest";
import { checkFormToken, createFormToken, MIN_FILL_MS } from "./form-token.server";

describe("form tokens", () => {
  const secret = "test-secret";
  const shown = Date.UTC(2026, 10, 22, 10, 0, 0);

  it("passes a form filled in at a human pace", () => {
    expect(checkFormToken(createFormToken(secret, shown), secret, shown + MIN_FILL_MS + 1)).toBe("ok");
  });

  it("flags a form sent faster than anyone types", () => {
    expect(checkFormToken(createFormToken(secret, shown), secret, shown + 800)).toBe("too-fast");
  });

  it("does not trust a token it did not sign, or a forged time", () => {
    const token = createFormToken(secret, shown);
    expect(checkFormToken(token, "other-secret", shown + 10_000)).toBe("unsigned");
    const forged = `${(shown - 60_000).toString(36)}.${token.split(".")[1]}`;
    expect(checkFormToken(forged, secret, shown + 100)).toBe("unsigned");
    expect(checkFormToken(undefined, secret)).toBe("unsigned");
    expect(checkFormToken("nonsense", secret)).toBe("unsigned");
  });
});
