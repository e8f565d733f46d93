/**
 * docs/spec.md and docs/api-contract.md are the project's copies of the shared
 * specification (../shared/docs/), so the code's references resolve in a fresh
 * clone. The shared copies are the reference: where they are present, the
 * project's must be identical.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const shared = path.resolve(root, "../shared/docs");
const copies = ["spec.md", "api-contract.md"];

describe("the project's copies of the shared docs", () => {
  it.each(copies)("docs/%s is in the project", (file) => {
    expect(fs.existsSync(path.join(root, "docs", file))).toBe(true);
  });

  it.skipIf(!fs.existsSync(shared)).each(copies)("docs/%s is identical to ../shared/docs/%s", (file) => {
    const ours = fs.readFileSync(path.join(root, "docs", file));
    const reference = fs.readFileSync(path.join(shared, file));
    expect(
      ours.equals(reference),
      `docs/${file} differs from ${path.join(shared, file)}, the reference: copy it again (cp ${path.join(shared, file)} docs/${file})`,
    ).toBe(true);
  });
});
