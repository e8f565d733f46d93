/**
 * Offers that are the same deal at different stylist levels (decision 0070):
 * the offers list shows them as one card that lists the levels, instead of a
 * card each saying the same thing. Pure and client-safe.
 *
 * Two offers "differ only by level" when both name a level (`level`, an id in
 * levels.yaml), their levels differ, and everything a visitor reads of them,
 * on the card or the offer's page, is the same apart from the level:
 * - the card's words, shown once for the group: `title`, `headline`, `summary`, exactly;
 * - the page's words (`description`, `body`, `code`, `howToClaim`, `details`,
 *   `terms`, the links' labels, the `sms` wording, the example prices' labels)
 *   the same where they do not name the level: each offer's own level name
 *   in them is set aside ("with our Trainees" and "with our Improvers" match);
 * - who and what it is for and when it runs, exactly: `audience`, `services`
 *   (in their order, as the page lists them), `stylist`, `startDate`,
 *   `endDate`, the links' addresses;
 * - its example prices, as many and of the same kind (with a price before the
 *   offer or not): their figures are the level's own, worked out at it.
 * Not compared: `slug` (each keeps its page), `publish_at` (a visitor never
 * reads it; the list only holds offers that are public) and the photo (the
 * card shows the first level's that has one).
 */

/** What the rule reads of an offer: its fields as the pages get them (tokens filled, prices worked out). */
export interface LevelOfferFields {
  slug: string;
  level?: number;
  title: string;
  headline: string;
  summary: string;
  description: string;
  body: readonly string[];
  code?: string;
  howToClaim?: string;
  details: readonly string[];
  terms: readonly string[];
  links: readonly { label: string; href: string }[];
  sms?: { heading: string; intro: readonly string[] };
  audience: string;
  services: readonly (number | string)[];
  stylist?: string;
  startDate?: string;
  endDate?: string;
  prices: readonly { label: string; price: number; was?: number }[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The words with the level's name set aside (any case, not inside a longer word's start). */
export function withoutLevelName(words: string, levelName: string): string {
  if (!levelName.trim()) return words;
  return words.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(levelName.trim())}`, "giu"), "{level}");
}

/**
 * What must be the same for two offers to be one deal at different levels:
 * undefined for an offer without a level (or one levels.yaml does not name),
 * which always has a card of its own.
 */
export function sameDealKey(offer: LevelOfferFields, levelName: string | undefined): string | undefined {
  if (offer.level === undefined || levelName === undefined) return undefined;
  const words = (w: string | undefined) => (w === undefined ? null : withoutLevelName(w, levelName));
  return JSON.stringify([
    offer.title,
    offer.headline,
    offer.summary,
    words(offer.description),
    offer.body.map(words),
    words(offer.code),
    words(offer.howToClaim),
    offer.details.map(words),
    offer.terms.map(words),
    offer.links.map((l) => [words(l.label), l.href]),
    offer.sms ? [words(offer.sms.heading), offer.sms.intro.map(words)] : null,
    offer.audience,
    offer.services,
    offer.stylist ?? null,
    offer.startDate ?? null,
    offer.endDate ?? null,
    offer.prices.map((p) => [words(p.label), p.was !== undefined]),
  ]);
}

/**
 * The offers in cards: each card's offers, in the order of the list (a group
 * where its first offer stood), a group's offers in the levels' order. An
 * offer joins the first group with its key that lacks its level; an offer
 * with a level already in every such group starts its own.
 */
export function groupByLevel<T extends LevelOfferFields>(offers: readonly T[], levels: readonly { id: number; name: string }[]): T[][] {
  const rank = new Map(levels.map((l, i) => [l.id, i]));
  const groups: { key?: string; offers: T[] }[] = [];
  for (const offer of offers) {
    const key = sameDealKey(offer, levels.find((l) => l.id === offer.level)?.name);
    const joins = key === undefined ? undefined : groups.find((g) => g.key === key && !g.offers.some((o) => o.level === offer.level));
    if (joins) joins.offers.push(offer);
    else groups.push({ key, offers: [offer] });
  }
  return groups.map((g) => g.offers.toSorted((a, b) => rank.get(a.level!)! - rank.get(b.level!)!));
}
