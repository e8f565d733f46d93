import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF } from "../support/staff-client";

// The original site shipped its staff PINs in its JavaScript. Ours checks them on
// the server only: no PIN and no PIN hash may reach the browser's files.
const clientDir = path.resolve("build/client");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("the browser's files", () => {
  it("hold no staff PIN and no PIN hash", () => {
    if (!fs.existsSync(clientDir)) throw new Error("Run `npx react-router build` first: build/client is missing.");
    const scripts = filesUnder(clientDir).filter((f) => /\.(m?js|html|json|map)$/.test(f));
    expect(scripts.some((f) => f.endsWith(".js"))).toBe(true);
    const pins = Object.values(STAFF).map((s) => s.pin);
    for (const file of scripts) {
      const text = fs.readFileSync(file, "utf8");
      expect(text, file).not.toContain("$argon2");
      expect(text, file).not.toMatch(/argon2id/i);
      for (const pin of pins) expect(text, `${file} holds a staff PIN`).not.toContain(pin);
    }
  });
});
