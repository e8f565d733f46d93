import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe on the page as it is now and fails with each rule broken and where, named by `what`. `soft` lets
 * a test that walks several pages go on to the next and report them all. (axe's `resultTypes` option, which
 * would gather only the violations, reports a false landmark-unique on the price list: its rules that compare
 * the page's landmarks need the passes too.)
 */
export async function expectAccessible(page: Page, what: string, { soft = false } = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  const found = results.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  if (soft) expect.soft(found).toEqual([]);
  else expect(found).toEqual([]);
}
