import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);

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
