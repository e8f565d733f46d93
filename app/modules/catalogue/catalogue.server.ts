/**
 * Reads of the salon's catalogue (salons, levels, services, stylists, the
 * team, reviews): the same functions serve the JSON API and the pages'
 * loaders, and return the API contract's shapes (types in entities.ts).
 */
import type { Db, StylistTable } from "~/.server/db/schema";
import type { Level, Review, Salon, StarredReview, SalonBookingLinks, Service, Stylist, StylistProfile, TeamMember } from "./entities";
import { imagePaths } from "./image-paths";


/** The academy: the salon this site belongs to. */
export const ACADEMY_SALON_ID = 3;

export async function listSalons(db: Db): Promise<Salon[]> {
  const rows = await db.selectFrom("salons").select(["id", "name"]).orderBy("id").execute();
  return rows.map((r) => ({ id: r.id, name: r.name, logo: imagePaths.salonLogo(r.id), image: imagePaths.salonImage(r.id) }));
}

/**
 * Where a salon's clients book: its booking links and phone (content/salons.yaml,
 * the academy's from settings.yaml). A platform without a consultation page
 * of its own books the consultation on its booking page. With `stylistId`, one
 * of this salon's stylists who has a booking link of their own: theirs, and
 * they are named (`stylist`); otherwise the salon's.
 */
export async function findSalonBooking(db: Db, salonId: number, stylistId?: number): Promise<SalonBookingLinks | undefined> {
  const row = await db
    .selectFrom("salons")
    .select(["id", "name", "booking_url", "phone", "skin_test_url", "consultation_url"])
    .where("id", "=", salonId)
    .executeTakeFirst();
  if (!row) return undefined;
  const links = { url: row.booking_url, phone: row.phone, skinTest: row.skin_test_url, consultation: row.consultation_url || row.booking_url, salon: { id: row.id, name: row.name } };
  const stylist =
    stylistId === undefined
      ? undefined
      : await db
          .selectFrom("stylists")
          .select(["id", "first_name", "booking_url"])
          .where("id", "=", stylistId)
          .where("salon", "=", salonId)
          .where("booking_url", "!=", "")
          .executeTakeFirst();
  return stylist ? { ...links, url: stylist.booking_url, stylist: { id: stylist.id, first_name: stylist.first_name } } : links;
}

/** Where a stylist's clients book: their salon's links, with their own booking link when they have one; undefined for an unknown or hidden stylist. */
export async function findStylistBooking(db: Db, stylistId: number): Promise<SalonBookingLinks | undefined> {
  const stylist = await db.selectFrom("stylists").select("salon").where("id", "=", stylistId).executeTakeFirst();
  return stylist ? findSalonBooking(db, stylist.salon, stylistId) : undefined;
}

export async function listLevels(db: Db): Promise<Level[]> {
  return db.selectFrom("levels").select(["id", "name", "adapter"]).orderBy("id").execute();
}

export async function listServices(db: Db): Promise<Service[]> {
  return db
    .selectFrom("services")
    .select(["id", "service", "price", "product_price", "cat1", "cat2", "minutes"])
    .orderBy("id")
    .execute();
}

const stylistColumns = [
  "stylists.id",
  "stylists.first_name",
  "stylists.last_name",
  "stylists.slug",
  "stylists.level",
  "stylists.salon",
  "stylists.para_1",
  "stylists.para_2",
  "stylists.para_3",
  "stylists.taking_new_clients",
] as const;

function toStylist(row: Pick<StylistTable, "id" | "first_name" | "last_name" | "slug" | "level" | "salon" | "para_1" | "para_2" | "para_3" | "taking_new_clients">): Stylist {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    slug: row.slug,
    level: row.level,
    salon: row.salon,
    remote_image: imagePaths.stylist(row.slug),
    para_1: row.para_1,
    para_2: row.para_2,
    para_3: row.para_3,
    taking_new_clients: row.taking_new_clients === 1,
  };
}

export async function listStylists(db: Db): Promise<Stylist[]> {
  const rows = await db.selectFrom("stylists").select(stylistColumns).orderBy("display_order").execute();
  return rows.map(toStylist);
}

function teamQuery(db: Db) {
  return db
    .selectFrom("stylists")
    .innerJoin("levels", "levels.id", "stylists.level")
    .select([
      ...stylistColumns,
      "levels.name as level_name",
      "stylists.average_price",
      "stylists.role",
      "stylists.favourite_style",
      "stylists.photo_profile",
    ]);
}

function toTeamMember(row: Awaited<ReturnType<ReturnType<typeof teamQuery>["executeTakeFirstOrThrow"]>>): TeamMember {
  const stylist = toStylist(row);
  return {
    ...stylist,
    level_name: row.level_name,
    image: stylist.remote_image,
    price: row.average_price,
    role: row.role,
    favourite_style: row.favourite_style,
    photo_profile: row.photo_profile,
  };
}

/** The academy's own team, in display order. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await teamQuery(db).where("stylists.salon", "=", ACADEMY_SALON_ID).orderBy("stylists.display_order").execute();
  return rows.map(toTeamMember);
}

/** Any stylist of the group by slug, with the team fields; undefined when unknown. */
export async function findTeamMember(db: Db, slug: string): Promise<TeamMember | undefined> {
  const row = await teamQuery(db).where("stylists.slug", "=", slug).executeTakeFirst();
  return row ? toTeamMember(row) : undefined;
}

/**
 * One stylist of the group as GET /api/profile/{slug} answers (the original
 * client's stylist page): undefined when unknown or hidden (a hidden stylist
 * is not in the table).
 */
export async function findStylistProfile(db: Db, slug: string): Promise<StylistProfile | undefined> {
  const member = await findTeamMember(db, slug);
  if (!member) return undefined;
  const { price: _price, role: _role, favourite_style: _style, photo_profile: _profile, ...profile } = member;
  return profile;
}

/** A review as the site's own pages show it: with its place on /reviews (#review-{position}) and its stylist's full name and profile. */
export type PlacedReview = StarredReview & { position: number; stylist_slug: string; stylist_name: string; stylist_salon: number };

/** The reviews in content order, each with its stylist's first name: the API's shape (Review), which /reviews adds to. */
function reviewsQuery(db: Db) {
  return db
    .selectFrom("reviews")
    .innerJoin("stylists", "stylists.slug", "reviews.stylist_slug")
    .select(["reviews.review", "reviews.client", "stylists.first_name as stylist"])
    .orderBy("reviews.position");
}

/** Every review in full, in content order, for /reviews and the rotating feed that links to it. */
export async function listPlacedReviews(db: Db): Promise<PlacedReview[]> {
  const rows = await reviewsQuery(db)
    .select(["reviews.position", "reviews.stars", "stylists.last_name", "stylists.slug as stylist_slug", "stylists.salon as stylist_salon"])
    .execute();
  return rows.map(({ last_name, ...r }) => ({ ...r, stylist_name: `${r.stylist} ${last_name}` }));
}

/** Reviews for every stylist (`all`) or one; undefined when the stylist is unknown. */
export async function listReviews(db: Db, slug: string): Promise<Review[] | undefined> {
  let query = reviewsQuery(db);
  if (slug !== "all") {
    const exists = await db.selectFrom("stylists").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!exists) return undefined;
    query = query.where("reviews.stylist_slug", "=", slug);
  }
  return query.execute();
}
