/**
 * Offers in the studio: their title, code, percentage off, run dates and
 * words. The words may use the same placeholders as content/offers.yaml (the
 * price claims, {{phone}}), filled in as the content is loaded, so the prices
 * they state still follow the price list. What the list and search results
 * show (the headline, summary and description) is made from them. Pure.
 */
import { slugify, uniqueSlug } from "~/modules/site-switches/site-switches";
import type { OfferAudience, OfferService } from "~/modules/offers/offer-terms";
import { placeholderWords, toPlainWords, toTokens, type PlaceholderWord } from "~/modules/site/placeholder-words";
import { formatReceived, parseSalonDate } from "~/utils/dates";
import { dataOf, type Change, type Planned, type Refusal } from "./changes";
import { levelRows } from "./price-list";
import type { OfferCreate, OfferLevel, OfferPatch } from "./studio-forms";

export const OFFERS_FILE = "offers.yaml";

interface OfferRow {
  slug: string;
  title: string;
  description: string;
  headline: string;
  summary: string;
  body: string[];
  code?: string;
  howToClaim?: string;
  startDate?: string;
  endDate?: string;
  terms?: string[];
  audience?: OfferAudience;
  services?: OfferService[];
  /** The stylist level it is for (an id in levels.yaml): offers alike but for it share a card (decision 0070). */
  level?: number;
  /** A scheduled offer: a draft to the public until this moment (UTC ISO 8601, decision 0059). */
  publish_at?: string;
  [more: string]: unknown;
}

/** Where an offer lives in the files: the place its version is of (versions.server.ts). */
export const offerPlace = (slug: string) => ({ file: OFFERS_FILE, item: { list: ["offers"], key: "slug" as const, value: slug } });

export function offerRows(files: ReadonlyMap<string, string>): OfferRow[] {
  return dataOf<{ offers?: OfferRow[] }>(files, OFFERS_FILE, {}).offers ?? [];
}

const paragraphsOf = (text: string) => text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").trim()).filter(Boolean);
const headlineOf = (percent: number) => `${percent}% off`;
const percentOf = (headline: string) => Number(/^(\d{1,3})% off$/.exec(headline)?.[1] ?? NaN);

/** The first sentence (or the start) of the words, for the list and search results. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const sentence = /^(.{50,}?[.!?])\s/.exec(flat.slice(0, max))?.[1];
  if (sentence) return sentence;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 50))}…`;
}

const NO_CODE = "No code needed: mention the offer when you book.";

/** The offer as the studio's API answers it. */
export const offerJson = (row: OfferRow) => ({
  slug: row.slug,
  title: row.title,
  code: row.code ?? null,
  percent: Number.isNaN(percentOf(row.headline)) ? null : percentOf(row.headline),
  startDate: row.startDate ?? null,
  endDate: row.endDate ?? null,
  text: row.body.join("\n\n"),
  audience: row.audience ?? "everyone",
  services: row.services ?? [],
  small_print: (row.terms ?? []).join("\n"),
  publish_at: row.publish_at ?? null,
});

/** The small print as typed: a line each, blank lines dropped. */
const linesOf = (text: string) => text.split(/\r?\n/).map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const audienceWords: Record<OfferAudience, string> = { new: "for new clients", returning: "for returning clients", everyone: "for everyone" };

/** A level the form names that levels.yaml does not: refused beside the field. */
function unknownLevel(files: ReadonlyMap<string, string>, level: number | null | undefined): Refusal | undefined {
  if (level === null || level === undefined || levelRows(files).some((l) => l.id === level)) return undefined;
  return { kind: "invalid", message: "Please check the offer", fields: { level: "Choose a level from the list" } };
}

/** The level's name in a save's summary: "for Improvers". */
const levelWords = (files: ReadonlyMap<string, string>, level: number | null) =>
  level === null ? "not one level" : `for ${levelRows(files).find((l) => l.id === level)?.name ?? `level ${level}`}s`;

export function planOfferCreate(files: ReadonlyMap<string, string>, input: OfferCreate & OfferLevel): { planned: Planned; slug: string } | Refusal {
  const refused = unknownLevel(files, input.level);
  if (refused) return refused;
  const slug = uniqueSlug(slugify(input.title) || "offer", new Set(offerRows(files).map((o) => o.slug)));
  const body = paragraphsOf(input.text);
  const row: Record<string, unknown> = {
    slug,
    title: input.title,
    description: clip(input.text, 170),
    headline: headlineOf(input.percent),
    summary: clip(body[0] ?? input.text, 160),
    body,
    ...(input.code ? { code: input.code.toUpperCase() } : { howToClaim: NO_CODE }),
    ...(input.startDate ? { startDate: input.startDate } : {}),
    ...(input.endDate ? { endDate: input.endDate } : {}),
    audience: input.audience,
    ...(input.services && input.services.length > 0 ? { services: input.services } : {}),
    ...(input.small_print && linesOf(input.small_print).length > 0 ? { terms: linesOf(input.small_print) } : {}),
    ...(input.publish_at ? { publish_at: input.publish_at } : {}),
    ...(typeof input.level === "number" ? { level: input.level } : {}),
  };
  const when = input.publish_at ? `, on the website from ${formatReceived(input.publish_at)}` : "";
  return { planned: { what: "offers", summary: `New offer “${input.title}” (${input.percent}% off${when})`, changes: [{ ...offerPlace(slug), after: row }] }, slug };
}

export function planOfferPatch(files: ReadonlyMap<string, string>, slug: string, patch: OfferPatch & OfferLevel): { planned: Planned; after: ReturnType<typeof offerJson> } | Refusal {
  const before = offerRows(files).find((o) => o.slug === slug);
  if (!before) return { kind: "not-found", message: "No offer has that slug" };
  const refused = unknownLevel(files, patch.level);
  if (refused) return refused;
  const start = patch.startDate ?? parseSalonDate(before.startDate ?? "");
  const end = patch.endDate ?? parseSalonDate(before.endDate ?? "");
  if (start && end && start > end) return { kind: "invalid", message: "Please check the offer", fields: { endDate: "The offer ends before it starts" } };
  const set: Partial<OfferRow> = {};
  const words: string[] = [];
  /** One field altered, and how the summary says so. */
  const put = (field: string, value: unknown, word: string) => {
    set[field] = value;
    words.push(word);
  };
  if (patch.title !== undefined && patch.title !== before.title) put("title", patch.title, "title");
  if (patch.percent !== undefined && headlineOf(patch.percent) !== before.headline) put("headline", headlineOf(patch.percent), `${patch.percent}% off`);
  if (patch.code !== undefined && (patch.code?.toUpperCase() ?? undefined) !== before.code) {
    put("code", patch.code === null ? undefined : patch.code.toUpperCase(), patch.code === null ? "no code" : `code ${patch.code.toUpperCase()}`);
    if (patch.code === null && !before.howToClaim) set.howToClaim = NO_CODE;
  }
  // A date the form sends back as it was (written day first in the file, 01/06/25) is no change.
  if (patch.startDate !== undefined && parseSalonDate(before.startDate ?? "") !== patch.startDate) put("startDate", patch.startDate, `starts ${patch.startDate}`);
  if (patch.endDate !== undefined && parseSalonDate(before.endDate ?? "") !== patch.endDate) put("endDate", patch.endDate, `ends ${patch.endDate}`);
  if (patch.publish_at !== undefined && (patch.publish_at ?? undefined) !== before.publish_at) {
    put("publish_at", patch.publish_at ?? undefined, patch.publish_at === null ? "on the website at once" : `on the website from ${formatReceived(patch.publish_at)}`);
  }
  if (patch.text !== undefined && patch.text.replace(/\s+/g, " ") !== before.body.join(" ").replace(/\s+/g, " ")) {
    const body = paragraphsOf(patch.text);
    put("body", body, "words");
    set.summary = clip(body[0] ?? patch.text, 160);
    set.description = clip(patch.text, 170);
  }
  if (patch.audience !== undefined && patch.audience !== (before.audience ?? "everyone")) put("audience", patch.audience, audienceWords[patch.audience]);
  if (patch.services !== undefined && !sameList(patch.services, before.services ?? [])) put("services", patch.services.length > 0 ? patch.services : undefined, "services");
  if (patch.level !== undefined && (patch.level ?? undefined) !== before.level) put("level", patch.level ?? undefined, levelWords(files, patch.level));
  if (patch.small_print !== undefined && !sameList(linesOf(patch.small_print), before.terms ?? [])) {
    const lines = linesOf(patch.small_print);
    put("terms", lines.length > 0 ? lines : undefined, "small print");
  }
  const changes: Change[] = Object.entries(set).map(([field, after]) => ({ ...offerPlace(slug), field, before: before[field], after }));
  const after = { ...before, ...set } as OfferRow;
  return { planned: { what: "offers", summary: `Offer “${after.title}”: ${words.join(", ") || "nothing changed"}`, changes }, after: offerJson(after) };
}

export function planOfferRemove(files: ReadonlyMap<string, string>, slug: string): { planned: Planned } | Refusal {
  const before = offerRows(files).find((o) => o.slug === slug);
  if (!before) return { kind: "not-found", message: "No offer has that slug" };
  return { planned: { what: "offers", summary: `Removed the offer “${before.title}”`, changes: [{ ...offerPlace(slug), before }] } };
}

/**
 * An offer's words as a manager reads and types them: its price placeholders in plain words in square brackets
 * ("[new starter from]", decision 0068), from the names of the salon's price claims. What is stored, and what the
 * API takes and answers, keeps `{{newStarterFrom}}`.
 */
export const offerPriceWords = (claimNames: readonly string[]): PlaceholderWord[] => placeholderWords(claimNames);

export function offerInPlainWords<T extends { title: string; text: string }>(offer: T, words: readonly PlaceholderWord[]): T {
  return { ...offer, title: toPlainWords(offer.title, words), text: toPlainWords(offer.text, words) };
}

export function offerFromPlainWords<T extends { title?: string | undefined; text?: string | undefined }>(typed: T, words: readonly PlaceholderWord[]): T {
  return {
    ...typed,
    ...(typed.title === undefined ? {} : { title: toTokens(typed.title, words) }),
    ...(typed.text === undefined ? {} : { text: toTokens(typed.text, words) }),
  };
}
