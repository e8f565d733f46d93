import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

declare global {
  interface Window {
    /** axe-core, once its source is in the page. */
    axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * Runs axe on the page as it is now and fails with each rule broken and where, named by `what`. `soft` lets
 * a test that walks several pages go on to the next and report them all.
 *
 * axe-core runs in the page itself, as `axe.run` (its source put into the page once per document), and only the
 * violations come back. @axe-core/playwright's `analyze()` costs a scan 1.1 s here against 0.4 s: it opens a
 * second page for every scan to finish the run in, and sends every rule's passes back over the wire
 * (decision 0047). The site's pages have no frames, which is what that second page is for. (axe's
 * `resultTypes` option stays off: its rules that compare the page's landmarks need the passes, and a false
 * landmark-unique came with it on the price list.)
 */
export async function expectAccessible(page: Page, what: string, { soft = false } = {}): Promise<void> {
  // The page as it stands, not mid-way through its view transition: while a calculator step slides in, the
  // transition's snapshot covers the page and axe calls links obscured (target-size).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async ({ tags, what }) => {
      const results = await window.axe!.run(document, { runOnly: { type: "tag", values: tags } });
      return results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    },
    { tags: wcag, what },
  );
  if (soft) expect.soft(found).toEqual([]);
  else expect(found).toEqual([]);
}
