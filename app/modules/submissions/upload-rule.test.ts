import { describe, expect, it } from "vitest";
import { cvUpload, judgeUpload } from "./kinds";

describe("the join-us CV's rule", () => {
  it.each([
    ["pdf", true],
    ["docx", true],
    ["jpeg", false],
    [null, false],
  ] as const)("the server's verdict by content: %s → %s", (kind, ok) => {
    expect(judgeUpload(cvUpload, { kind }).ok).toBe(ok);
  });
});
