/**
 * The words in the studio: the landing page's sections (site-copy.yaml
 * `landing`) and the sentences the code has defaults for (the forms' thanks
 * and the price calculator's step introductions, site-copy.yaml `words`,
 * each back to the code's with "use the default");
 * with the words the history shows. Placeholders are shown and typed as
 * words in square brackets ([town]) and planned as the files' tokens
 * ({{town}}). Pure: planned on the files; studio.server.ts checks the whole
 * site and stores.
 */
import { placeholderWords, toPlainWords, toTokens, type PlaceholderWord } from "~/modules/site/placeholder-words";
import { STEP_INTROS } from "~/modules/pricing/step-intros";
import { submissionKinds } from "~/modules/submissions/kinds";
import {
  CODE_WORD_KEYS,
  EMAIL_WORD_DEFAULTS,
  type EmailWordKey,
  type INTRODUCED_STEPS,
  LANDING_SECTIONS,
  THANKED_FORMS,
  type CodeWordKey,
  type CodeWords,
  type LandingSection,
  type ThankedForm,
} from "~/modules/site/words";
import { dataOf, type Change, type Planned, type Refusal } from "./changes";
import type { LandingWords } from "./words-forms";

export const COPY_FILE = "site-copy.yaml";
/** Where a landing section's words are, and a sentence the code has a default for: the places their versions are of (versions.server.ts). */
export const landingPlace = (section: LandingSection) => ({ file: COPY_FILE, path: ["landing", section] });
export const codeWordPlace = (key: CodeWordKey) => ({ file: COPY_FILE, path: ["words", key] });

/** What each landing section is, as a manager knows it. */
export const landingNames: Record<LandingSection, string> = {
  about: "About the salon",
  team: "The team",
  price: "Price your visit",
  blog: "The blog",
  offers: "Offers ([this month] is this month's name)",
  joinus: "Join us",
  models: "Hair models",
  contact: "Find us",
};

const formNames: Record<ThankedForm, string> = {
  joinus: "Join us (job applications)",
  models: "Hair models",
  messages: "Contact",
  "open-evening": "Open evening",
  feedback: "Feedback after a visit",
};

/** The placeholders every salon's words may use (fill-tokens.ts's settings, the quote's discount, the month and the offers' end date). */
export const SITE_TOKENS = ["name", "shortName", "town", "address", "phone", "email", "booking", "skinTest", "giftCards", "shop", "referral", "endDate", "month", "quoteCode", "quotePercent", "quoteDays"] as const;

/** The site's placeholders and this salon's own: each price claim of offers.yaml (and its price before the offer) and each fact of facts.yaml. */
export function siteTokens(files: ReadonlyMap<string, string>): string[] {
  const offers = dataOf<{ priceClaims?: { claims?: Record<string, unknown> } }>(files, "offers.yaml", {});
  const facts = dataOf<Record<string, { says?: unknown } | null>>(files, "facts.yaml", {});
  const claims = Object.keys(offers.priceClaims?.claims ?? {}).flatMap((name) => [name, `${name}Before`]);
  const said = Object.entries(facts).flatMap(([name, fact]) => (fact?.says === undefined ? [] : [name]));
  return [...SITE_TOKENS, ...claims, ...said];
}

/** What a piece of the words may fill in, as words: the site's placeholders; in the emails, only the greeting's first name. */
export function placeholdersFor(files: ReadonlyMap<string, string>, key?: CodeWordKey): PlaceholderWord[] {
  if (key !== undefined && isEmailKey(key)) return placeholderWords(key === "email.greeting" ? ["first_name"] : []);
  return placeholderWords(siteTokens(files));
}

export interface LandingRow {
  section: LandingSection;
  name: string;
  heading: string;
  body: string[];
  button?: string;
  /** The placeholders its buttons put in: the ones most sections want, and any it uses already. */
  placeholders: PlaceholderWord[];
}

/** The placeholders offered as buttons in every section; the rest are known too when typed. */
const USUAL_TOKENS = new Set(["first_name", "name", "town", "address", "phone", "booking"]);
const offered = (words: PlaceholderWord[], texts: readonly string[]) =>
  words.filter((w) => USUAL_TOKENS.has(w.token) || texts.some((text) => new RegExp(`\\{\\{\\s*${w.token}\\s*\\}\\}`).test(text)));

interface CopyFile {
  landing: Record<LandingSection, { heading: string; body: string[]; button?: string }>;
  words?: CodeWords;
}

const copyOf = (files: ReadonlyMap<string, string>) => dataOf(files, COPY_FILE, {} as CopyFile);

/** The landing page's sections, placeholders in words. */
export function landingRows(files: ReadonlyMap<string, string>): LandingRow[] {
  const { landing } = copyOf(files);
  const words = placeholdersFor(files);
  const shown = (text: string) => toPlainWords(text, words);
  return LANDING_SECTIONS.map((section) => {
    const { heading, body, button } = landing[section];
    const placeholders = offered(words, [heading, ...body, button ?? ""]);
    return { section, name: landingNames[section], heading: shown(heading), body: body.map(shown), ...(button === undefined ? {} : { button: shown(button) }), placeholders };
  });
}

/** The calculator's steps, as a manager knows them. */
const stepNames: Record<(typeof INTRODUCED_STEPS)[number], string> = {
  stylist: "Choosing a stylist",
  level: "Choosing a salon and level",
  colour: "Choosing a colour",
  colourAddOn: "Toner or gloss",
  plex: "Bond-building (with a colour that lightens)",
  finish: "Cut or finish after a colour",
  finishAddOn: "Finishing touch",
  treatment: "Treatment",
  mensCut: "Men's cut",
  mensColour: "Men's colour",
};

/** The emails' words, as a manager knows them. */
const emailNames: Record<EmailWordKey, string> = {
  "email.greeting": "Greeting, in the quote's email and the job application's ([first name] is the visitor's first name)",
  "email.quote.opening": "Quote email, first line",
  "email.quote.signoff": "Quote email, sign-off (before “The team at …”)",
  "email.joinus.next": "Job application email, what happens next",
  "email.joinus.signoff": "Job application email, sign-off (before “The team at …”)",
};

const isEmailKey = (key: CodeWordKey): key is EmailWordKey => key in EMAIL_WORD_DEFAULTS;

/** The code's own words for a key: what shows when the salon has set none. */
export function codeDefault(key: CodeWordKey): string {
  if (isEmailKey(key)) return EMAIL_WORD_DEFAULTS[key];
  const [group, name, part] = key.split(".") as [string, string, "heading" | "body"];
  if (group === "calculator") return STEP_INTROS[name as keyof typeof STEP_INTROS];
  return submissionKinds[name as ThankedForm].form.thanks[part];
}

/** What a key is, in the history's words: "Contact form, thanks heading", "Price calculator, Men's cut", "Emails, Quote email, first line". */
function keyWords(key: CodeWordKey): { form: string; label: string } {
  if (isEmailKey(key)) return { form: "Emails", label: emailNames[key] };
  const [group, name] = key.split(".") as [string, string];
  if (group === "calculator") return { form: "Price calculator", label: stepNames[name as keyof typeof stepNames] };
  return { form: formNames[name as ThankedForm], label: key.endsWith(".heading") ? "Thanks heading" : "Thanks sentence" };
}

export interface CodeWordRow {
  key: CodeWordKey;
  form: string;
  label: string;
  /** The salon's words, or null: the default shows (placeholders in words, like the default's). */
  text: string | null;
  default: string;
  /** The placeholders it may fill in. */
  placeholders: PlaceholderWord[];
}

/** The sentences with code defaults, by where they show: the forms' thanks, the calculator's steps, the emails. */
export function codeWordRows(files: ReadonlyMap<string, string>): { part: "thanks" | "calculator" | "emails"; form: string; rows: CodeWordRow[] }[] {
  const words = copyOf(files).words ?? {};
  const row = (key: CodeWordKey): CodeWordRow => {
    const known = placeholdersFor(files, key);
    const text = words[key];
    return {
      key,
      ...keyWords(key),
      text: text === undefined ? null : toPlainWords(text, known),
      default: toPlainWords(codeDefault(key), known),
      placeholders: offered(known, [text ?? "", codeDefault(key)]),
    };
  };
  return [
    ...THANKED_FORMS.map((form) => ({ part: "thanks" as const, form: formNames[form], rows: CODE_WORD_KEYS.filter((key) => key.startsWith(`thanks.${form}.`)).map(row) })),
    { part: "calculator" as const, form: "Price calculator", rows: CODE_WORD_KEYS.filter((key) => key.startsWith("calculator.")).map(row) },
    { part: "emails" as const, form: "Emails to visitors", rows: CODE_WORD_KEYS.filter(isEmailKey).map(row) },
  ];
}

const quoted = (words: string) => `“${words.length > 40 ? `${words.slice(0, 37).trimEnd()}…` : words}”`;

/** A landing section's heading, paragraphs and button: a place for each that changed. */
export function planLanding(files: ReadonlyMap<string, string>, typed: LandingWords): { planned: Planned } | Refusal {
  const before = copyOf(files).landing[typed.section];
  const words = placeholdersFor(files);
  const saved = (text: string) => toTokens(text, words);
  const input = { ...typed, heading: saved(typed.heading), body: typed.body.map(saved), button: typed.button === undefined ? undefined : saved(typed.button) };
  const hasButton = before.button !== undefined;
  if (hasButton && input.button === undefined) return { kind: "invalid", message: "Please check the section", fields: { button: "Give the button its words" } };
  const changes: Change[] = [];
  const said: string[] = [];
  const inWords = (value: string | string[] | undefined) => quoted(Array.isArray(value) ? value.join(" ") : value!);
  for (const [field, label] of [["heading", "heading"], ["body", "words"], ["button", "button"]] as const) {
    if ((field === "button" && !hasButton) || JSON.stringify(before[field]) === JSON.stringify(input[field])) continue;
    changes.push({ file: COPY_FILE, path: ["landing", input.section, field], before: before[field], after: input[field] });
    said.push(`${label} ${inWords(before[field])} → ${inWords(input[field])}`);
  }
  return { planned: { what: "words", summary: `Landing page, ${landingNames[input.section].replace(/ \(.*\)$/, "")}: ${said.join(", ") || "unchanged"}`, changes } };
}

/** One sentence the code has a default for: the salon's words, or (text undefined) the default again. */
export function planCodeWord(files: ReadonlyMap<string, string>, key: CodeWordKey, typed: string | undefined): { planned: Planned } {
  const text = typed === undefined ? undefined : toTokens(typed, placeholdersFor(files, key));
  const saved = copyOf(files).words;
  const before = saved?.[key];
  const { form: group, label: what } = keyWords(key);
  const label = key.startsWith("thanks.") ? `${group} form, ${what.toLowerCase()}` : isEmailKey(key) ? what.replace(/ \(.*\)$/, "") : `${group}, ${what}`;
  const shownBefore = before === undefined ? "the default" : quoted(before);
  const shownAfter = text === undefined ? "the default" : quoted(text);
  // The default is written by leaving the key out; an empty `words` goes too, so the file reads as before.
  const words = { ...saved };
  if (text === undefined) delete words[key];
  else words[key] = text;
  const change: Change =
    Object.keys(words).length === 0 || saved === undefined
      ? { file: COPY_FILE, path: ["words"], before: saved, after: Object.keys(words).length === 0 ? undefined : words }
      : { file: COPY_FILE, path: ["words", key], before, after: text };
  return { planned: { what: "words", summary: `${label}: ${shownBefore} → ${shownAfter}`, changes: [change] } };
}
