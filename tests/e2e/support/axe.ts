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
 * What pa11y's own runner (HTML_CodeSniffer, WCAG2AA) reports as an error and axe's WCAG rules do not look for
 * (decision 0067), checked in the page in a few milliseconds: a form with no way to send it (H32.2), a fieldset
 * with no legend (H71), a link to a place on the page that is not there (G1/G123/G124), an empty heading (H42).
 */
function codeSnifferFindings(): string[] {
  const where = (element: Element) => element.id ? `${element.localName}#${element.id}` : `${element.localName}${element.getAttribute("name") ? `[name=${element.getAttribute("name")}]` : ""} “${(element.textContent ?? "").trim().slice(0, 40)}”`;
  const found: string[] = [];
  for (const form of document.querySelectorAll("form")) {
    const sends = [...form.elements, ...document.querySelectorAll(form.id ? `[form="${CSS.escape(form.id)}"]` : ":not(*)")].some(
      (control) => (control instanceof HTMLButtonElement && control.type === "submit") || (control instanceof HTMLInputElement && (control.type === "submit" || control.type === "image")),
    );
    if (!sends) found.push(`H32.2 a form with no submit button: ${where(form)}`);
  }
  for (const fieldset of document.querySelectorAll("fieldset")) {
    if (!(fieldset.firstElementChild instanceof HTMLLegendElement) || fieldset.firstElementChild.textContent?.trim() === "") found.push(`H71 a fieldset with no legend: ${where(fieldset)}`);
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const id = decodeURIComponent(link.getAttribute("href")!.slice(1));
    if (id !== "" && !document.getElementById(id) && document.getElementsByName(id).length === 0) found.push(`G1 a link to #${id}, which is not on the page: ${where(link)}`);
  }
  for (const heading of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const words = (heading.textContent ?? "").trim() || [...heading.querySelectorAll("img[alt]")].map((img) => img.getAttribute("alt")).join("").trim();
    if (words === "") found.push(`H42 an empty heading: ${where(heading)}`);
  }
  return found;
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
  found.push(...(await page.evaluate(codeSnifferFindings)).map((finding) => `${what}: ${finding}`));
  if (soft) expect.soft(found).toEqual([]);
  else expect(found).toEqual([]);
}
