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
