/**
 * The catalogue's entities, each defined once. The schemas check the content
 * files (content/salons.yaml, levels.yaml, services.yaml, stylists.yaml,
 * reviews.yaml); every type the pages, the API, pricing and the calculator
 * use is derived from them here. Client-safe: components import the types.
 */
import { z } from "zod";
import { portraitHintsSchema } from "./portrait-hints";
import { httpsLink, id, link, slug, text } from "~/modules/fields/content-fields";

/**
 * A salon of the group. `booking` is where its clients book, the number they
 * call, where a colour client books the skin test and (`consultation`, when
 * the platform has a page for it) where a new colour client books the
 * consultation that comes first: a quote with one of its stylists (or for it, by level) sends the client
 * there. The academy's own (the salon whose website is "/") may leave it out:
 * it is settings.yaml's phone and booking links, kept in one place.
 */
export const salonSchema = z.object({
  id,
  name: text,
  website: link,
  booking: z.object({ url: z.url(), phone: text, skinTest: z.url(), consultation: httpsLink.optional() }).strict().optional(),
});

/** A stylist level: `adapter` is the percentage uplift on the base price. */
export const levelSchema = z.object({ id, name: text, adapter: z.number().min(0) });

/** A level as content/levels.yaml holds it: with the words that describe it to visitors (/prices/levels). */
export const levelRecordSchema = levelSchema.extend({ description: text });

/** A service of the price list. Prices are pounds at level 1; cat1 and cat2 place it in the calculator (spec section 3). */
export const serviceSchema = z.object({
  id,
  service: text,
  price: z.number().min(0),
  product_price: z.number().min(0),
  cat1: z.number().int().min(1).max(6),
  cat2: z.number().int().min(0).max(6),
  /** Chair time in minutes, processing included (a colour's development time, not just the hands-on work). */
  minutes: z.number().int().min(5).max(600),
});

export const stylistSchema = z.object({
  id,
  first_name: text,
  last_name: text,
  slug,
  level: id,
  salon: id,
  taking_new_clients: z.boolean().default(true),
  role: text.optional(),
  /** Left out for a new stylist until they have told us: the profile then says nothing of it. */
  favourite_style: text.optional(),
  /** Their portfolio elsewhere (Instagram and the like), when they have one. */
  photo_profile: z.url().optional(),
  /** Their own page on the salon's booking platform (e.g. Square's `team_member_id`): their Book now and their quotes book there. */
  booking_url: httpsLink.optional(),
  para_1: text,
  para_2: text.optional(),
  para_3: text.optional(),
  /** How their sample portrait is drawn by `npm run sample-pictures` (the site shows the file). */
  portrait: portraitHintsSchema.optional(),
});

/**
 * A service or stylist as the content files hold them: `hidden` keeps one in
 * the files (and the studio) while no page, price or new quote shows it.
 */
const hidden = { hidden: z.boolean().default(false) };
export const serviceRecordSchema = serviceSchema.extend(hidden);
export const stylistRecordSchema = stylistSchema.extend(hidden);

/**
 * A client's review about a stylist, named by slug; `hidden` (set in the studio) keeps it off every page without
 * losing it; `stars` (1 to 5), when the client gave a star figure with it.
 */
export const reviewSchema = z.object({ review: text, client: text, stylist: slug, hidden: z.boolean().optional(), stars: z.number().int().min(1).max(5).optional() });

/** A salon as content/salons.yaml holds it. */
export type SalonRecord = z.output<typeof salonSchema>;
/** A salon as the pages and the API show it, with its logo and picture. */
export type Salon = Pick<SalonRecord, "id" | "name"> & { logo: string; image: string };
/** A salon of the group with its website and logo (the about and notice pages). */
export type SalonSite = Pick<SalonRecord, "id" | "name" | "website"> & { logo: string };
/** Where a quote is booked (GET /api/get-quote-details' `booking`): the salon's booking link and phone. */
export interface SalonBooking {
  url: string;
  phone: string;
  salon: Pick<SalonRecord, "id" | "name">;
}
/**
 * A salon's booking details with its skin-test and consultation links, for
 * the pages (the API shows SalonBooking). Booked with a stylist who has a
 * booking link of their own, `url` is theirs and `stylist` names them.
 */
export type SalonBookingLinks = SalonBooking & { skinTest: string; consultation: string; stylist?: { id: number; first_name: string } };

export type Level = z.output<typeof levelSchema>;
/** A level with its description for visitors, as the content holds it; the database and the API have no description. */
export type LevelRecord = z.output<typeof levelRecordSchema>;

export type Service = z.output<typeof serviceSchema>;

/** A stylist as content/stylists.yaml holds them. */
export type StylistRecord = z.output<typeof stylistSchema>;
/** A stylist as the API (GET /api/get-stylists) and the pages show them. */
export type Stylist = Pick<StylistRecord, "id" | "first_name" | "last_name" | "slug" | "level" | "salon" | "para_1" | "taking_new_clients"> & {
  /** "" when not given. */
  para_2: string;
  para_3: string | null;
  /** Their portrait on this site. */
  remote_image: string;
};
/** A stylist with what the team pages show besides: level name, average price, role, style and portfolio. */
export type TeamMember = Stylist & {
    /** "" when not given (a new stylist): the profile leaves it out. */
    favourite_style: string;
    /** "" when they have no portfolio elsewhere. */
    photo_profile: string;
    level_name: Level["name"];
    image: string;
    /** Their "Average Cut & Colour price": the price list's cut and colour at their level (content/offers.yaml, priceClaims.teamPrice). */
    price: number;
    role: string | null;
  };

/** A stylist as GET /api/profile/{slug} shows one: the stylists' shape with the level's name and the portrait. */
export type StylistProfile = Stylist & Pick<TeamMember, "level_name" | "image">;

export type ReviewRecord = z.output<typeof reviewSchema>;
/** A review as the API shows it: with the stylist's first name. */
export type Review = Pick<ReviewRecord, "review" | "client"> & { stylist: Stylist["first_name"] };
/** A review as the site's own pages show it: with its stars, when it has them (null: none given). */
export type StarredReview = Review & { stars: number | null };
