/**
 * Reading the server's HTML in tests that need no browser. The pages are our
 * own React output (well-formed, attributes in double quotes), so a few
 * patterns are enough.
 */

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** HTML text with entities decoded: "Cut &amp; Blow-dry" → "Cut & Blow-dry". */
export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") return String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return entities[code.toLowerCase()] ?? whole;
  });
}

/** The visible words of a piece of HTML: tags, scripts and styles gone, spaces collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The text of each heading of a level, in order. */
export function headings(html: string, level: 1 | 2 | 3): string[] {
  return [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "gi"))].map((m) => textOf(m[1]!));
}

/** The first element with this tag (and its content), or undefined. */
export function element(html: string, tag: string): string | undefined {
  return new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, "i").exec(html)?.[0];
}

/** The content of <meta name="…"> or <meta property="…">. */
export function meta(html: string, key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/gi)].map((m) => m[0]).find((t) => t.includes(`name="${key}"`) || t.includes(`property="${key}"`));
  const value = tag && /\bcontent="([^"]*)"/.exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
}

export function titleOf(html: string): string | undefined {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return title === undefined ? undefined : decode(title);
}

export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** Links in a page that stay on the site, as absolute URLs with their search and hash. */
export function internalLinks(html: string, from: string): URL[] {
  const base = new URL(from, "http://site.test");
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((m) => new URL(decode(m[1]!), base))
    .filter((u) => u.origin === base.origin);
}

/** The parsed JSON-LD blocks of a page. */
export function structuredData(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
}

/**
 * The visible words of a page's <main>, sentence by sentence: a paragraph, list
 * item or table cell ends a sentence, so none runs on into the next. A heading
 * runs on into what it heads (a level's name and its description are one
 * statement). What the facts check reads (app/modules/site/facts.ts).
 */
export function statementsOf(html: string): string {
  return textOf((element(html, "main") ?? "").replace(/<\/(p|li|td|th|dd|div|section|tr|figcaption|blockquote)>/gi, ". "));
}
