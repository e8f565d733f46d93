/**
 * The check that every public page states each fact as content/facts.yaml
 * (app/modules/site/facts.ts) keeps it: each fact's pattern finds any sentence
 * stating it, and a sentence that says something else is a contradiction,
 * named with its page and words. Read by the integration tests over every page
 * of the fixture salon and of the shipped content.
 */
import type { Fact } from "~/modules/site/facts";

type AnyFacts = Readonly<Record<string, Fact>>;

const NUMBER_WORDS: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10", twelve: "12" };
const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join("|")})\\b`, "g");

/** Two wordings of one fact compare equal: case, articles, dashes and numbers in words aside ("Two to three years" = "2–3 years"). */
export function sameFact(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‐‑–—-]/g, " to ")
    .replace(NUMBER_WORD, (w) => NUMBER_WORDS[w]!)
    .replace(/\b(\d+)\s+to\s+(\d+)/g, "$1 to $2")
    .replace(/\blevel (\d+),? and (?:a |their )?(?:level )?(\d+)/g, "level $1 and level $2")
    .replace(/\b(a|an|the|their|our)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface Contradiction {
  fact: string;
  about: string;
  page: string;
  found: string;
  expected: string;
}

/** Every statement of a fact on the pages (path → visible text) that disagrees with the file. */
export function findContradictions(facts: AnyFacts, pages: ReadonlyMap<string, string>): Contradiction[] {
  const found: Contradiction[] = [];
  for (const [name, fact] of Object.entries(facts)) {
    const pattern = new RegExp(fact.pattern, "giu");
    const allowed = fact.says !== undefined ? [fact.says] : fact.oneOf!;
    const ignored = fact.ignore.map((w) => w.toLowerCase());
    for (const [page, text] of pages) {
      for (const match of text.matchAll(pattern)) {
        const value = match.groups?.value;
        if (value === undefined || ignored.includes(value.toLowerCase())) continue;
        if (!allowed.some((a) => sameFact(a, value))) {
          found.push({ fact: name, about: fact.about, page, found: match[0], expected: allowed.join(" or ") });
        }
      }
    }
  }
  return found;
}

/** One line per contradiction, for a test's message. */
export function describeContradiction(c: Contradiction): string {
  return `${c.page}: "${c.found}" contradicts ${c.about} (content/facts.yaml ${c.fact}: ${c.expected})`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Each stylist's title is a fact too: their role (stylists.yaml) or their
 * level's name. A page calling them by any other level's name or role
 * ("Freya, Team Leader" for a Graduate Stylist) contradicts it.
 */
export function stylistTitleFacts(
  stylists: readonly { first_name: string; last_name: string; slug: string; level: number; role?: string | null }[],
  levels: readonly { id: number; name: string }[],
): Record<string, Fact> {
  const titles = [...new Set([...levels.map((l) => l.name), ...stylists.flatMap((s) => (s.role ? [s.role] : []))])].sort((a, b) => b.length - a.length);
  const anyTitle = titles.map(escape).join("|");
  return Object.fromEntries(
    stylists.map((s) => {
      const own = [...(s.role ? [s.role] : []), levels.find((l) => l.id === s.level)?.name ?? ""].filter(Boolean);
      const fact: Fact = {
        about: `${s.first_name} ${s.last_name}'s role and level (stylists.yaml)`,
        oneOf: own,
        pattern: `\\b${escape(s.first_name)}(?: ${escape(s.last_name)})?,? (?:is |as |who is )?(?:our |the |a |an )?(?<value>${anyTitle})\\b`,
        ignore: [],
      };
      return [`title of ${s.slug}`, fact];
    }),
  );
}
