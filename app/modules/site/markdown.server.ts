import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { phoneHref, splitAtPhones } from "./public-settings";

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** "Referral terms" → "referral-terms" */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/**
 * Gives section headings an id made from their words, so other pages can link
 * to /policies#referral-terms. Runs after sanitising, on text we made ourselves.
 */
function headingIds() {
  return (tree: Root) => {
    const walk = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (child.tagName === "h2" || child.tagName === "h3") child.properties.id = slugify(textOf(child));
        else walk(child);
      }
    };
    walk(tree);
  };
}

/** Each phone number the words give, outside a link, a link that calls it (as `Paragraphs` does): runs after sanitising. */
function phoneLinks() {
  const linked = (node: ElementContent): ElementContent[] => {
    if (node.type === "element" && node.tagName !== "a") node.children = node.children.flatMap(linked);
    if (node.type !== "text") return [node];
    return splitAtPhones(node.value).map((part, i) =>
      i % 2 === 1 ? { type: "element", tagName: "a", properties: { href: phoneHref(part) }, children: [{ type: "text", value: part }] } : { type: "text", value: part },
    );
  };
  return (tree: Root) => {
    tree.children = tree.children.flatMap((child): RootContent[] => (child.type === "doctype" ? [child] : linked(child)));
  };
}

const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeSanitize).use(headingIds).use(phoneLinks).use(rehypeStringify);

/** Markdown to HTML that is safe to put in a page: no scripts, no event handlers, no raw HTML. */
export function markdownToSafeHtml(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** Splits `---\nfront matter\n---\nbody` into its two parts. */
export function splitFrontMatter(source: string): { frontMatter: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error("missing the front matter block (--- … ---) at the top");
  return { frontMatter: match[1] ?? "", body: match[2] ?? "" };
}
