import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSources, changedSince, rebuildReason } from "./build-freshness.mjs";

describe("whether npm start must build first", () => {
  let root: string;
  const write = (file: string, mtimeMs: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, "x");
    fs.utimesSync(full, mtimeMs / 1000, mtimeMs / 1000);
  };
  const built = Date.UTC(2026, 0, 10, 12, 0, 0);
  const before = built - 60_000;
  const after = built + 60_000;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "freshness-"));
    write("app/routes/public/index.tsx", before);
    write("server/app.ts", before);
    write("package.json", before);
    write("build/server/index.js", built);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("builds when there is no build", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(rebuildReason(root, path.join(root, "build/server/index.js"))).toBe("No build found");
  });

  it("serves the build when nothing it is made from changed since", () => {
    expect(rebuildReason(root, path.join(root, "build/server/index.js"))).toBeUndefined();
  });

  it("names a source changed after the build, however deep", () => {
    write("app/modules/pricing/pricing.ts", after);
    expect(rebuildReason(root, path.join(root, "build/server/index.js"))).toBe(
      `${path.join("app", "modules", "pricing", "pricing.ts")} changed since the last build`,
    );
  });

  it("counts the build's configuration and dependencies as sources", () => {
    for (const file of ["vite.config.ts", "react-router.config.ts", "package-lock.json", "db/migrations/0009.ts", "public/favicon.svg"]) {
      write(file, after);
      expect(changedSince(root, built)).toBe(path.normalize(file));
      fs.rmSync(path.join(root, file));
    }
  });

  it("ignores content, which is read at every start, and tests, which are not built", () => {
    write("content/services.yaml", after);
    write("app/modules/pricing/pricing.test.ts", after);
    write("tests/e2e/home.spec.ts", after);
    expect(changedSince(root, built)).toBeUndefined();
    expect(buildSources).not.toContain("content");
  });
});
