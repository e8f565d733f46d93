/**
 * The drawings that made the sample pictures (scripts/sample-pictures/) stay
 * out of the site: the server bundle serves picture files only
 * (docs/decisions/0036-sample-pictures-as-files.md). Reads the production
 * build that `npx react-router build` made, as the other integration tests do.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const drawingDir = path.resolve("scripts/sample-pictures");
const serverBuild = path.resolve("build/server/index.js");

/** The functions the drawing modules define: each would appear as `function name(` in a bundle that carried them. */
function drawingFunctions(): string[] {
  return fs
    .readdirSync(drawingDir)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .flatMap((file) => [...fs.readFileSync(path.join(drawingDir, file), "utf8").matchAll(/^(?:export )?(?:async )?function (\w+)\(/gm)].map((m) => m[1]!));
}

describe("the server build", () => {
  it("carries the picture library and none of the drawing code", () => {
    const bundle = fs.readFileSync(serverBuild, "utf8");
    // The right file: the code that serves pictures is in it.
    expect(bundle).toContain("function openPictureLibrary(");
    const names = drawingFunctions();
    expect(names).toEqual(expect.arrayContaining(["portraitSvg", "sceneSvg", "workSvg", "salonSvg", "logoSvg", "drawingOf", "svgDocument"]));
    expect(names.filter((name) => bundle.includes(`function ${name}(`))).toEqual([]);
  });
});
