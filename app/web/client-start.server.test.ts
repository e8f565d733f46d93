import { describe, expect, it } from "vitest";
import { startClientAfterPaint } from "./client-start.server";

const page = (scripts: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0"/><link rel="modulepreload" href="/assets/hooks-B2.js" nonce="n0"/></head><body><main>Prices</main>${scripts}</body></html>`;
const moduleScript = '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-C3.js";import("/assets/entry.client-A1.js");</script>';

describe("a page's client, started after its first paint", () => {
  it("holds React Router's module script, drops the preloads from the head, and starts both after the paint with the same nonce", () => {
    const html = startClientAfterPaint(page(moduleScript));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<script nonce="n0" type="text/plain" id="client-start">import * as route0 from "/assets/root-C3.js";');
    const starter = /<script nonce="n0">(requestAnimationFrame[^<]*)<\/script><\/body>/.exec(html)?.[1];
    expect(starter).toContain('["/assets/entry.client-A1.js","/assets/hooks-B2.js"]');
    expect(starter).toContain("s.nonce=held.nonce");
  });

  it("leaves a page without a module script as it is", () => {
    const plain = page("");
    expect(startClientAfterPaint(plain)).toBe(plain);
  });

  it("refuses a page with two module scripts rather than guess which to hold", () => {
    expect(() => startClientAfterPaint(page(moduleScript + moduleScript))).toThrow(/one module script/);
  });
});
