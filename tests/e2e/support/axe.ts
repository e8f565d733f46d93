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
 * pa11y's runner: HTML_CodeSniffer (pa11y's own build of it, `@pa11y/html_codesniffer`), with pa11y's default
 * standard, WCAG2AA. pa11y drives it through Puppeteer and a Chrome of its own; here it runs in the page the test
 * already has open, as pa11y's runner does (`HTMLCS.process`, then `getMessages`), and pa11y's default report
 * (errors only; warnings and notices are for a person to judge) is what must be empty (decision 0067).
 */
const codeSnifferSource = fs.readFileSync(createRequire(import.meta.url).resolve("@pa11y/html_codesniffer/build/HTMLCS.js"), "utf8");
const PA11Y_STANDARD = "WCAG2AA";

interface CodeSnifferMessage {
  /** 1 an error, 2 a warning, 3 a notice. */
  type: number;
  code: string;
  msg: string;
  element: Element;
}

declare global {
  interface Window {
    /** HTML_CodeSniffer, once its source is in the page. */
    HTMLCS?: { process: (standard: string, content: Document, done: () => void, failed: () => void) => void; getMessages: () => CodeSnifferMessage[] };
    /** The addresses this document has been sniffed at (a scan at another width finds the same). */
    sniffedAt?: Set<string>;
  }
}

/** pa11y's errors on the page as it is now, once per address of a document: a second width or state of it is axe's. */
function codeSnifferErrors(standard: string): Promise<string[]> {
  const sniffed = (window.sniffedAt ??= new Set());
  if (sniffed.has(location.href)) return Promise.resolve([]);
  sniffed.add(location.href);
  const where = (element: Element) =>
    element.id ? `${element.localName}#${element.id}` : `${element.localName}${element.getAttribute("name") ? `[name=${element.getAttribute("name")}]` : ""} “${(element.textContent ?? "").trim().slice(0, 40)}”`;
  return new Promise((resolve, reject) =>
    window.HTMLCS!.process(
      standard,
      document,
      () => resolve(window.HTMLCS!.getMessages().filter((m) => m.type === 1).map((m) => `pa11y ${m.code.replace(/^WCAG2AA\.Principle\d\.Guideline[\d_]+\./, "")}: ${m.msg} (${where(m.element)})`)),
      () => reject(new Error("HTML_CodeSniffer could not run on this page")),
    ),
  );
}

/**
 * Runs axe on the page as it is now, and pa11y's runner once at each address, and fails with each rule broken
 * and where, named by `what`. `soft` lets a test that walks several pages go on to the next and report them all.
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
  // Two frames first: the new page revealed, its autofocus done and its transition's animations begun.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    // From the top, as the page loads: where a step's autofocus has scrolled it, the sticky header covers part of the
    // step above, and axe would count its Change link as too small (target-size) by how far the page had scrolled.
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(
    async ({ tags, what }) => {
      const results = await window.axe!.run(document, { runOnly: { type: "tag", values: tags } });
      return results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    },
    { tags: wcag, what },
  );
  if (!(await page.evaluate(() => "HTMLCS" in window))) await page.evaluate(codeSnifferSource);
  found.push(...(await page.evaluate(codeSnifferErrors, PA11Y_STANDARD)).map((error) => `${what}: ${error}`));
  if (soft) expect.soft(found).toEqual([]);
  else expect(found).toEqual([]);
}
