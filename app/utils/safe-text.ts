/**
 * Rules for the text people type, shared by every form's schema (decision
 * record 0018). Pure, so the browser shows the same message the server gives.
 */

/**
 * C0 controls, DEL and the C1 controls, except tab, line feed and carriage return: never typed by a person
 * (a NUL breaks PostgreSQL; a C1 is text read in the wrong encoding).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** In a one-line answer (a name), no control character at all. */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Characters that show nothing but change what is shown: the bidirectional controls (embeddings, overrides,
 * isolates, marks: "Ann\u202Emoc.live" reads "Annevil.com") and the zero-width ones (spaces, joiners, the word
 * joiner, a byte-order mark). A name heads the emails, texts and staff lists: what staff see is what was sent.
 */
const HIDDEN_IN_NAME = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

export const CONTROL_CHARACTERS_MESSAGE = "Please remove the hidden control characters from this answer";
export const HIDDEN_CHARACTERS_MESSAGE = "Please remove the invisible characters (text direction or zero-width marks) from your name";
export const NAME_NOT_ADDRESS_MESSAGE = "Please give just your name, without web or email addresses or < >";

/** True when `value` holds no control characters other than tab and line breaks (`lines`) or none at all. */
export function isCleanText(value: string, lines = true): boolean {
  return !(lines ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value);
}

/** True when `value` holds none of the bidirectional or zero-width characters above. */
export function hasNoHiddenCharacters(value: string): boolean {
  return !HIDDEN_IN_NAME.test(value);
}

/**
 * A person's name goes into the emails and texts we send them ("Hi Anna, …"),
 * so it may not carry a link: no scheme (`https://`), no `www.`, nothing that
 * looks like a domain (`evil.example`, `x.com/…`), no `@` and no `<`.
 * Initials with full stops ("J. R. Smith", "St.John") stay allowed: a domain
 * needs letters on both sides of the dot and a known shape of ending.
 */
export function isPlainName(value: string): boolean {
  if (!isCleanText(value, false) || !hasNoHiddenCharacters(value)) return false;
  // Read as a phone or mail app reads it: full-width letters and dots as plain ones ("ｅｖｉｌ．ｃｏｍ"), and the
  // ideographic full stops ("evil。com", "evil｡com") as dots, which browsers and phones treat as one too.
  value = value.normalize("NFKC").replace(/[\u3002\uff61]/g, ".");
  if (/[@<>]/.test(value)) return false;
  // Any scheme ends in "://": looking for that alone is linear (a pattern for the scheme's letters before it
  // backtracked over the whole name at each letter, 6 s of CPU for a 60 KiB one).
  if (/:\/\//.test(value) || /\bwww\./i.test(value)) return false;
  // word.word where the ending is 2+ letters and not followed by more letters or digits: "evil.example", "x.com/",
  // "a.b.co", and with punctuation after it too ("evil.com!", "bit.ly)"), which phones still turn into links.
  if (/[a-z0-9-]\.[a-z]{2,}(?![a-z0-9])/i.test(value.replace(/\b(?:st|mr|mrs|ms|dr|jr|sr)\.\s*/gi, ""))) return false;
  return true;
}
