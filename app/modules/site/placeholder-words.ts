/**
 * Placeholders in plain words. What is stored, and what the API takes, says
 * {{first_name}}, {{town}} or {{newStarterFrom}}; a manager reads and writes
 * [first name], [town] or [new starter from] instead. Two ways, one table:
 * `toPlainWords` for the page, `toTokens` for what is saved. Only the words of
 * placeholders the field knows turn back into tokens, so "[sic]" stays as it
 * was typed. Pure and client-safe.
 */

export interface PlaceholderWord {
  /** As stored: first_name, town, newStarterFrom. */
  token: string;
  /** As a manager says it: first name, town, new starter from. */
  word: string;
}

/** The words of the placeholders every salon has; the rest are read from their names. */
const KNOWN: Record<string, string> = {
  first_name: "first name",
  salon: "salon",
  role: "role",
  when: "when",
  place: "place",
  name: "salon name",
  shortName: "short name",
  town: "town",
  phone: "phone number",
  email: "email address",
  address: "address",
  endDate: "offers end date",
  booking: "booking link",
  skinTest: "skin test link",
  giftCards: "gift cards link",
  shop: "shop link",
  referral: "referral link",
  month: "this month",
  quoteCode: "quote code",
  quotePercent: "quote discount",
  quoteDays: "quote days",
};

/** "newStarterFrom" → "new starter from", "first_name" → "first name". */
const spelledOut = (token: string) => token.replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().trim();

const squeeze = (words: string) => words.trim().replace(/\s+/g, " ").toLowerCase();

/** Each token with its word, in the order given, once each; two tokens never share a word (the later keeps its own name). */
export function placeholderWords(tokens: readonly string[]): PlaceholderWord[] {
  const seen = new Set<string>();
  const list: PlaceholderWord[] = [];
  for (const token of new Set(tokens)) {
    let word = Object.hasOwn(KNOWN, token) ? KNOWN[token]! : spelledOut(token);
    if (seen.has(word)) word = token;
    seen.add(word);
    list.push({ token, word });
  }
  return list;
}

/** How a placeholder shows in the text a manager edits. */
export const inBrackets = (word: string) => `[${word}]`;

const TOKEN = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;
const BRACKETED = /\[([^[\]{}\n]{1,40})\]/g;

/** {{first_name}} → [first name]; a token the list does not know stays as it is, so nothing is hidden. */
export function toPlainWords(text: string, words: readonly PlaceholderWord[]): string {
  return text.replace(TOKEN, (whole, token: string) => {
    const found = words.find((w) => w.token === token);
    return found ? inBrackets(found.word) : whole;
  });
}

/** [first name] (any case, any spacing) → {{first_name}}; other words in brackets stay as typed. */
export function toTokens(text: string, words: readonly PlaceholderWord[]): string {
  return text.replace(BRACKETED, (whole, inside: string) => {
    const found = words.find((w) => w.word === squeeze(inside));
    return found ? `{{${found.token}}}` : whole;
  });
}

/** "[first name], [salon] and [role]": a list for a hint or a message. */
export function listInWords(words: readonly PlaceholderWord[]): string {
  const shown = words.map((w) => inBrackets(w.word));
  return shown.length <= 1 ? (shown[0] ?? "") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)!}`;
}
