import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Byte budgets (decision records 0020, 0028): what a page makes a browser
 * download, gzipped as the server sends it (level 9, precompressed), counted
 * from the build's files the server-rendered page names: its module preloads,
 * scripts and module imports, and its stylesheets. Deterministic: it fails when
 * the page grows, whatever the machine's speed.
 *
 * Every public page is a document (decision 0052): no JavaScript file at
 * all, and at most 4 KB of inline script of its own (the menu, a rotator,
 * Back, the speculation rules), the calculator, the price list and the forms
 * as much as the content pages.
 */
const KB = 1024;
const BUDGETS: Record<string, { js: number; inline?: number; css: number }> = {
  "/": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/team": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/online-shop": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/prices": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/prices/calculator?type=colour&regular=no&by=stylist": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/prices/list": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/joinus": { js: 0, inline: 4 * KB, css: 15 * KB },
  "/reviews": { js: 0, inline: 4 * KB, css: 15 * KB },
};

/** The inline scripts' bytes, uncompressed (search engines' JSON-LD data aside: the browser does not run it). */
const inlineScriptBytes = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=|application\/ld\+json/.test(m[1]!))
    .reduce((sum, m) => sum + Buffer.byteLength(m[2]!), 0);

const clientDir = path.resolve("build/client");
const gzipped = (href: string) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, href)), { level: 9 }).length;

/** The modules a built file imports statically ("./hooks-….js"), as addresses: the browser loads them with it. */
const staticImports = (href: string) =>
  [...fs.readFileSync(path.join(clientDir, href), "utf8").matchAll(/(?:\bimport|\bfrom)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => `/assets/${m[1]}`);

/**
 * The JavaScript and CSS files a page's HTML makes the browser load before it
 * is interactive: the scripts and module imports it names, its module
 * preloads, and every module those import statically (none, on a public page).
 */
export function pageAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) js.add(/href="([^"]+)"/.exec(m[0])![1]!);
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)) js.add(m[1]!);
  for (const m of html.matchAll(/import(?:\s[^"]*from)?\s*\(?"(\/assets\/[\w.-]+\.js)"/g)) js.add(m[1]!);
  for (const href of js) for (const imported of staticImports(href)) js.add(imported);
  const css = new Set<string>();
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) css.add(/href="([^"]+)"/.exec(m[0])![1]!);
  return { js: [...js], css: [...css] };
}

describe("byte budgets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {}, { pages: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const [page, budget] of Object.entries(BUDGETS)) {
    it(`${page} loads at most ${budget.js / KB} KB of gzipped JavaScript and ${budget.css / KB} KB of CSS`, async () => {
      const html = await (await fetch(server.url + page)).text();
      const { js, css } = pageAssets(html);
      expect(js.length > 0).toBe(budget.js > 0);
      if (budget.inline !== undefined) expect(inlineScriptBytes(html)).toBeLessThanOrEqual(budget.inline);
      expect(css.length).toBeGreaterThan(0);
      const sizes = Object.fromEntries([...js, ...css].map((href) => [href, gzipped(href)]));
      const total = (files: string[]) => files.reduce((sum, href) => sum + sizes[href]!, 0);
      const report = Object.entries(sizes)
        .sort((a, b) => b[1] - a[1])
        .map(([href, size]) => `${(size / KB).toFixed(1).padStart(6)} KB ${href}`)
        .join("\n");
      expect(total(js), `JavaScript on ${page}:\n${report}`).toBeLessThanOrEqual(budget.js);
      expect(total(css), `CSS on ${page}:\n${report}`).toBeLessThanOrEqual(budget.css);
      // No schema library on a page without a form (zod is 24 KB).
      expect(js.some((href) => /\/schemas-/.test(href)), report).toBe(false);
    });
  }
});
