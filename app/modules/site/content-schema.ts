/**
 * The shapes of the files under content/. A salon edits those files; these
 * schemas catch a mistake at start, with the file and field named, instead of
 * letting it reach a page.
 */
import { z } from "zod";
import { levelRecordSchema, reviewSchema, salonSchema, serviceRecordSchema, stylistRecordSchema } from "~/modules/catalogue/entities";
import type { Level, ReviewRecord, SalonRecord, Service, StylistRecord } from "~/modules/catalogue/entities";
import { ratingSchema } from "~/modules/catalogue/rating";
import { priceClaimsSchema } from "~/modules/offers/price-claims";
import { OFFER_AUDIENCES, offerCategoryCodes, unknownOfferServices } from "~/modules/offers/offer-terms";
import { parseSalonDate } from "~/utils/dates";
import { CODE_WORD_KEYS, emailWordsProblem, type CodeWordKey } from "./words";
import { httpsLink, id, isoDate, link, salonDate, sitePath, slug, text } from "~/modules/fields/content-fields";

const clockTime = z.string().regex(/^\d{2}:\d{2}$/);

/**
 * An open evening (YYYY-MM-DD, 24-hour times). `place`: where it is held when
 * that is not the salon (a college hall, a sister salon), with its address;
 * left out, it is at the salon.
 */
export const openEveningSchema = z
  .object({
    date: isoDate,
    starts: clockTime,
    ends: clockTime,
    place: z.object({ name: text, street: text, town: text, postcode: text }).strict().optional(),
  })
  .strict()
  .refine((e) => e.starts < e.ends, { message: "starts after it ends", path: ["ends"] });

export const settingsSchema = z.object({
  name: text,
  shortName: text,
  tagline: text,
  town: text,
  phone: text,
  email: z.email(),
  address: z.object({ street: text, town: text, postcode: text }),
  /** How to get here, on the contact page: by bus, where to park, and the way in for a wheelchair or a pushchair. */
  directions: z.object({ bus: text, parking: text, access: text }).strict(),
  hours: z
    .array(
      z.object({
        day: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
        label: text,
        opens: clockTime.nullable(),
        closes: clockTime.nullable(),
      }),
    )
    .length(7),
  /**
   * The open evenings to come, when they have a date: one, or a list of them.
   * The next is shown on /open-evening, and each still to come is described
   * to search engines as an Event (modules/site/open-evenings.ts).
   */
  openEvening: z.union([openEveningSchema, z.array(openEveningSchema)]).optional(),
  /** The day the apprenticeship was advertised (YYYY-MM-DD): /joinus describes it to search engines as a JobPosting. */
  apprenticeshipPosted: isoDate,
  hideOffers: z.boolean(),
  /** The offers' end date; staff can move it from the staff desk. */
  endDate: salonDate,
  mail: z.object({ from: text, staffNotify: z.email() }),
  links: z.object({
    booking: z.url(),
    skinTest: z.url(),
    /** Where a new colour client books the consultation that comes first; without it, the booking link. */
    consultation: httpsLink.optional(),
    giftCards: z.url(),
    shop: z.url(),
    referral: z.url(),
  }),
  social: z.array(z.object({ name: text, url: z.url() })).min(1),
  /** The rating a review site shows, as a manager read it (the studio's reviews page): on the landing page's hero and /reviews. */
  rating: ratingSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

// The catalogue's files: one schema per entity, in modules/catalogue/entities.ts.
export const salonsSchema = z.array(salonSchema);
export const levelsSchema = z.array(levelRecordSchema);
export const servicesSchema = z.array(serviceRecordSchema);
export const stylistsSchema = z.array(stylistRecordSchema);
export const reviewsSchema = z.array(reviewSchema);

export const blogFrontMatterSchema = z.object({
  title: text,
  author: text,
  date: isoDate,
  excerpt: text.max(240),
  /** A draft is listed nowhere and its page is for signed-in staff only, marked as a draft. */
  draft: z.boolean().default(false),
  /** A scheduled post: public from this moment (ISO 8601 date and time with its offset), a draft to the public before it. */
  publish_at: z.iso.datetime({ offset: true }).optional(),
  /** Another picture than the post's own (/images/blog/{slug}.svg). */
  image: sitePath.optional(),
});

export const newsSchema = z.array(
  z.object({
    title: text,
    slug,
    date: isoDate,
    image: sitePath,
    text,
    /** A scheduled item: on the shop page from this moment (ISO 8601 date and time with its offset), a draft to the public before it. */
    publish_at: z.iso.datetime({ offset: true }).optional(),
  }),
);

export const storeSchema = z.object({
  banners: z.array(z.object({ image: sitePath, url: z.url(), alt: text, headline: text })),
  tiles: z.array(z.object({ image: sitePath, brand: text, title: text, description: text, url: z.url() })),
});

/** The calculator's own pages under /prices/, which a stylist's prices page (/prices/{slug}) would hide behind. */
const CALCULATOR_PAGES = new Set(["levels", "list", "selector", "calculator", "total-by-price", "total-by-level", "total-by-stylist", "finish"]);

/** Checks that the files agree with one another (ids and slugs that refer across files). */
export function crossCheck(content: {
  salons: SalonRecord[];
  levels: Level[];
  services: Service[];
  stylists: StylistRecord[];
  reviews: ReviewRecord[];
  copy?: { offers: { offers: { slug: string; stylist?: string; level?: number; services?: (number | string)[] }[] }; notices: { slug: string; stylist?: string }[] };
}): string[] {
  const problems: string[] = [];
  const unique = <T>(label: string, values: T[]) => {
    const seen = new Set<T>();
    for (const v of values) {
      if (seen.has(v)) problems.push(`${label} ${String(v)} appears twice`);
      seen.add(v);
    }
  };
  unique("salon id", content.salons.map((s) => s.id));
  unique("level id", content.levels.map((l) => l.id));
  unique("service id", content.services.map((s) => s.id));
  unique("stylist id", content.stylists.map((s) => s.id));
  unique("stylist slug", content.stylists.map((s) => s.slug));
  const salonIds = new Set(content.salons.map((s) => s.id));
  for (const s of content.salons) {
    // A sister salon's quotes are booked with it: without its own link they would go to the academy's.
    if (s.website !== "/" && !s.booking) problems.push(`salon ${s.name}: give its booking link, phone and skin-test link (booking: { url, phone, skinTest })`);
  }
  const levelIds = new Set(content.levels.map((l) => l.id));
  for (const s of content.stylists) {
    if (CALCULATOR_PAGES.has(s.slug)) problems.push(`stylist ${s.slug}: /prices/${s.slug} is a page of the calculator; give them another slug`);
    if (!salonIds.has(s.salon)) problems.push(`stylist ${s.slug}: unknown salon ${s.salon}`);
    if (!levelIds.has(s.level)) problems.push(`stylist ${s.slug}: unknown level ${s.level}`);
    // A role named like a level says the stylist is at that level: it must be their own.
    const roleLevel = s.role ? content.levels.find((l) => l.name.toLowerCase() === s.role!.toLowerCase()) : undefined;
    if (roleLevel && roleLevel.id !== s.level) {
      problems.push(`stylist ${s.slug}: role "${s.role}" is the name of level ${roleLevel.id}, not theirs (${s.level}); give the role another name`);
    }
  }
  const slugs = new Set(content.stylists.map((s) => s.slug));
  content.reviews.forEach((r, i) => {
    if (!slugs.has(r.stylist)) problems.push(`review ${i + 1}: unknown stylist ${r.stylist}`);
  });
  if (content.copy) {
    unique("offer slug", content.copy.offers.offers.map((o) => o.slug));
    unique("notice slug", content.copy.notices.map((n) => n.slug));
    for (const o of content.copy.offers.offers) {
      if (o.stylist && !slugs.has(o.stylist)) problems.push(`offer ${o.slug}: unknown stylist ${o.stylist}`);
      if (o.level !== undefined && !levelIds.has(o.level)) problems.push(`offer ${o.slug}: unknown level ${o.level}`);
      const unknown = unknownOfferServices(o.services ?? [], content.services);
      if (unknown.length > 0) problems.push(`offer ${o.slug}: unknown service ${unknown.join(", ")}`);
    }
    for (const n of content.copy.notices) {
      if (n.stylist && !slugs.has(n.stylist)) problems.push(`notice ${n.slug}: unknown stylist ${n.stylist}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------
// The words of the public pages. Text may hold {{tokens}} (see fill-tokens.ts)
// that are filled from settings.yaml, so the phone number or a link lives in
// one place.

const paragraphs = z.array(text).min(1);
/** What search engines show for a page (and the browser tab, and sharing sites): its title (the site name is added) and description. */
const searchText = { title: text.max(60), description: text.min(50).max(170) };

export const pageFrontMatterSchema = z.object({
  ...searchText,
  /** The page's main heading. */
  heading: text,
  /** A short line above the heading. */
  kicker: text.optional(),
  /** An id for the page's body, so other pages can link to #anchor. */
  anchor: slug.optional(),
  /** "Updated 18 March 2021" and similar, shown under the heading. */
  updated: text.optional(),
  /** The date what the page announces takes effect (a price change), YYYY-MM-DD: shown under the heading as "Takes effect 1st December 2026". */
  effective: isoDate.optional(),
  /**
   * The page is an offer (a partner offer, an event with money off): while the
   * offers are hidden it says "Check back soon!" like every offer page, leaves
   * the sitemap, and links to it become plain words.
   */
  offer: z.boolean().default(false),
});

const offerDate = salonDate.transform((v) => parseSalonDate(v)!);

export const offerSchema = z
  .object({
  slug,
  title: text,
  /** Search result description. */
  description: text.min(50).max(170),
  /** The big line on the card and page: "25% off", "Free cut". */
  headline: text,
  /** One or two sentences for the offers list. */
  summary: text,
  body: paragraphs,
  /** The promo code, when the offer has one. */
  code: text.optional(),
  /** What the visitor does instead of a code ("Mention the offer when you arrive"). */
  howToClaim: text.optional(),
  /** Short facts shown as a list: days, who it is with. */
  details: z.array(text).default([]),
  /**
   * Example prices: a label and the name of a price claim (see priceClaims), so
   * the figure is worked out from the price list, with the price before the
   * offer where it takes something off.
   */
  prices: z.array(z.object({ label: text, claim: z.string().regex(/^[a-z][a-zA-Z]*$/, "the name of one of priceClaims.claims") })).default([]),
  /** The academy stylist the offer belongs to. */
  stylist: slug.optional(),
  /**
   * The stylist level the offer is with (an id in levels.yaml). Offers that are
   * the same deal at different levels (modules/offers/level-offers.ts) share one
   * card on the offers list, which lists the levels (decision 0070).
   */
  level: id.optional(),
  /** The first day of the offer (day first, 01/03/27, or 2027-03-01); none: it runs now. Kept as YYYY-MM-DD. */
  startDate: offerDate.optional(),
  /** The last day of the offer; none: settings.yaml's endDate (or the date staff set). Kept as YYYY-MM-DD. */
  endDate: offerDate.optional(),
  /** A scheduled offer: public from this moment (ISO 8601 date and time with its offset), a draft to the public before it (its page 404). */
  publish_at: z.iso.datetime({ offset: true }).optional(),
  /** Extra terms on top of the ones every offer has: the offer's own small print. */
  terms: z.array(text).default([]),
  /**
   * Who it is for: `new` clients, `returning` clients or `everyone` (the
   * default). The page and card say so, and the small print gets its line.
   */
  audience: z.enum(OFFER_AUDIENCES).default("everyone"),
  /**
   * The services it applies to: service ids (services.yaml) or parts of the
   * price list by code (cutting-and-styling, colour, colour-extras,
   * finishing-touches, treatments, mens-hair); none: every service.
   * The skin-test line is in its small print only when these include colour.
   */
  services: z.array(z.union([id, z.enum(offerCategoryCodes as [string, ...string[]])])).default([]),
  /** Welcome-back wording for /sms/{slug}, the link sent by text message to past clients. */
  sms: z.object({ heading: text, intro: paragraphs }).optional(),
  /** Links shown under the offer: other pages of this site or outside addresses. */
  links: z.array(z.object({ label: text, href: link })).default([]),
  })
  .strict()
  .refine((o) => !o.startDate || !o.endDate || o.startDate <= o.endDate, { message: "startDate is after endDate", path: ["endDate"] });
export const offersSchema = z.object({
  /** The terms every offer carries. */
  terms: paragraphs,
  /** Every price the offers claim, worked out from the price list: see modules/offers/price-claims.ts. */
  priceClaims: priceClaimsSchema,
  /**
   * How the offers and a saved quote's first-visit discount ({{quoteCode}},
   * {{quotePercent}}% for {{quoteDays}} days) go together: on every offer page,
   * and on the saved quote page.
   */
  withQuote: z.object({ offerPage: text, quotePage: text }),
  offers: z.array(offerSchema).min(1),
});

export const noticesSchema = z.array(
  z.object({
    slug,
    ...searchText,
    heading: text,
    date: isoDate,
    /** The stylist the notice is about, when they still work in the group. */
    stylist: slug.optional(),
    body: paragraphs,
  }),
);

const section = z.object({ heading: text, body: paragraphs });
/** A page's search text, heading and introduction: what most pages' copy begins with. */
const introducedPage = z.object({ ...searchText, heading: text, intro: paragraphs });

export const siteCopySchema = z.object({
  landing: z.object({
    ...searchText,
    about: section,
    team: section,
    price: section,
    blog: section,
    /** {{month}} is the current month's name. */
    offers: section,
    joinus: section.extend({ button: text }),
    models: section.extend({ button: text }),
    contact: section.extend({ button: text }),
  }),
  home: z.object({
    ...searchText,
    intro: paragraphs,
    paths: z.array(z.object({ label: text, href: link, text })).min(2),
  }),
  team: introducedPage,
  blog: introducedPage,
  offers: introducedPage.extend({
    /** Shown on every offer page while the offers are hidden (by staff or settings.yaml, or none runs today). */
    none: paragraphs,
    /** An ended offer's page (an old link): a short line above its title, then why and where to go. */
    ended: paragraphs,
    /** The page of an offer that has not started yet: a short line above its title, then why and where to go. */
    upcoming: paragraphs,
  }),
  bookings: introducedPage.extend({
    question: text,
    serviceQuestion: text,
    answers: z.object({ newColour: section, newCutStyle: section, existingColour: section, existingCutStyle: section }),
  }),
  linkTree: z.object({ ...searchText, heading: text, intro: text }),
  shop: introducedPage.extend({ newsHeading: text }),
  /** Sentences the code has defaults for (form thanks, calculator steps, emails), as the studio's Words page sets them; a key left out keeps the code's. */
  words: z
    .partialRecord(z.enum(CODE_WORD_KEYS), text)
    .superRefine((words, ctx) => {
      for (const [key, value] of Object.entries(words)) {
        const problem = typeof value === "string" ? emailWordsProblem(key as CodeWordKey, value) : null;
        if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
      }
    })
    .optional(),
});
