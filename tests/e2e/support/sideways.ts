import type { Page } from "@playwright/test";

/**
 * How far the page scrolls sideways (more than 0: it does), and the first few elements that reach past the
 * window's sides, leaving out what an ancestor clips (a carousel, a cropped picture) and what cannot be seen.
 */
export function sideways(page: Page): Promise<{ overflow: number; out: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = typeof element.className === "string" ? element.className.split(/\s+/).slice(0, 3).join(".") : "";
      return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    };
    const out: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      // Nothing to see: empty, hidden, or visually hidden for screen readers (clipped to nothing).
      const style = getComputedStyle(element);
      const hiddenByClip = style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)";
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || hiddenByClip) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !clipped(element)) {
        out.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
    }
    return { overflow: document.documentElement.scrollWidth - width, out: out.slice(0, 5) };
  });
}

/**
 * The prices on the page that a narrow screen misreads: a price standing alone ("£47", "from £66", a price
 * column's entry) broken over two lines, or any price set against the words before it with less than a
 * space between (a table's label and its price cell).
 */
export function tornPrices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const price = /(?:from )?£\d[\d,]*(?:\.\d\d)?/g;
    const seen = (node: Node) => {
      const style = node.parentElement && getComputedStyle(node.parentElement);
      return Boolean(style) && style!.visibility !== "hidden" && style!.clip !== "rect(0px, 0px, 0px, 0px)" && style!.clipPath !== "inset(50%)";
    };
    const rectsOf = (node: Node, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    };
    const texts: Text[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (seen(node) && node.textContent!.trim()) texts.push(node as Text);
    const torn: string[] = [];
    texts.forEach((node, i) => {
      const alone = node.data.trim().replace(price, "") === "";
      for (const match of node.data.matchAll(price)) {
        const rects = rectsOf(node, match.index, match.index + match[0].length);
        if (alone && new Set(rects.map((r) => Math.round(r.bottom))).size > 1) torn.push(`"${match[0]}" breaks over two lines`);
        // The last letter before it, in this text or the one before, on the same line: at least a space away
        // (a space is about a quarter of the letters' size).
        const before = node.data.slice(0, match.index).trimEnd();
        const [lastNode, at] = before ? [node, before.length] : [texts[i - 1], texts[i - 1]?.data.trimEnd().length ?? 0];
        if (!lastNode || at === 0 || !rects[0]) continue;
        const letter = rectsOf(lastNode, at - 1, at).at(-1);
        const gap = letter ? rects[0].left - letter.right : Infinity;
        const space = parseFloat(getComputedStyle(node.parentElement!).fontSize) * 0.2;
        if (letter && Math.abs(letter.bottom - rects[0].bottom) < 4 && gap >= 0 && gap < space) {
          torn.push(`"${match[0]}" touches "${lastNode.data.trimEnd().slice(-12)}"`);
        }
      }
    });
    return torn.slice(0, 5);
  });
}
