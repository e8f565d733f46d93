/**
 * Saved quotes: the server prices what the visitor chose from its own
 * catalogue, stores the quote with its own copy of every name and figure, and
 * reads it back for the quote page and GET /api/get-quote-details (the same
 * function for both). Email and mobile are stored, never read back out.
 */
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db, QuoteTable } from "~/.server/db/schema";
import { enqueue, type MessageCaps, type OutgoingMessage } from "~/.server/outbox/outbox.server";
import { ACADEMY_SALON_ID, findSalonBooking, listLevels, listSalons, listServices, listStylists } from "~/modules/catalogue/catalogue.server";
import type { SalonBookingLinks } from "~/modules/catalogue/entities";
import {
  checkQuote,
  discountedTotal,
  FIRST_VISIT_OFFER,
  levelNotOfferedMessage,
  levelOfferedAt,
  quoteHasColour,
  type CalculatorType,
} from "~/modules/pricing/pricing";
import { addDaysIso } from "~/utils/dates";
import { firstName } from "~/utils/text";
import type { SaveQuoteInput } from "./quote-schema";
import type { DeliveryState, QuoteDeliveries } from "./quote-words";


/** The quote cannot be saved as asked: the calculator would not have allowed it (400). */
export class QuoteRefused extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "QuoteRefused";
  }
}

export const QUOTE_LINK_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

/**
 * A salon's booking link and phone as they are now (a salon that changed its
 * number is called on the new one). A salon since taken out of the content
 * leaves its quotes with the academy, which can pass the client on. A quote
 * with a stylist who has a booking link of their own (and still works at
 * that salon) is booked there.
 */
async function bookingFor(db: Db, salonId: number, stylistId?: number): Promise<SalonBookingLinks> {
  const booking = (await findSalonBooking(db, salonId, stylistId)) ?? (await findSalonBooking(db, ACADEMY_SALON_ID));
  if (!booking) throw new Error(`No salon ${salonId} nor the academy in the salons table: the content was not seeded`);
  return booking;
}

/** The private part: where the quote is sent (the mobile in E.164). Only the sending code sees it. */
export type QuoteRecipient = Pick<SaveQuoteInput, "email" | "mobile">;

/**
 * Prices a quote from the server's own catalogue. Throws QuoteRefused for
 * anything the calculator would not allow: unknown ids, a service the level
 * may not do, a stylist not taking new clients (unless the visitor is a
 * returning client: she still sees her regulars), a level that does not match
 * the stylist, a level nobody at the salon works at, an add-on or
 * bond-building without its colour.
 */
export async function priceQuote(db: Db, input: SaveQuoteInput, now: Date = new Date()) {
  const [services, levels, stylists, salons] = await Promise.all([
    listServices(db),
    listLevels(db),
    listStylists(db),
    listSalons(db),
  ]);

  const salon = salons.find((s) => s.id === input.salon_id);
  if (!salon) throw new QuoteRefused("We don't have a salon with that id", "salon_id");

  const stylist = stylists.find((s) => s.id === input.stylist_id);
  if (input.stylist_id !== undefined && !stylist) throw new QuoteRefused("We don't have a stylist with that id", "stylist_id");
  if (stylist) {
    if (!stylist.taking_new_clients && !input.regular) {
      throw new QuoteRefused(`${stylist.first_name} isn't taking new clients at the moment`, "stylist_id");
    }
    if (input.level_id !== undefined && input.level_id !== stylist.level) {
      throw new QuoteRefused(`${stylist.first_name} works at a different level`, "level_id");
    }
  }
  const level = levels.find((l) => l.id === (stylist ? stylist.level : input.level_id));
  if (!level) throw new QuoteRefused("We don't have a stylist level with that id", "level_id");
  // A quote by level is for a level the salon offers: someone there works at it.
  if (!stylist && !levelOfferedAt(level.id, salon.id, stylists)) {
    throw new QuoteRefused(levelNotOfferedMessage(level.name, salon.name), "level_id");
  }

  const check = checkQuote(input.service_ids, services, level);
  if (!check.ok) throw new QuoteRefused(check.error, "service_ids");

  const stylistSalon = stylist ? salons.find((s) => s.id === stylist.salon) : undefined;
  const booking = await bookingFor(db, stylistSalon?.id ?? salon.id, stylist?.id);
  const withStylist = stylist && stylistSalon;
  const row = {
    // 16 characters of [A-Za-z0-9_-]: 96 random bits.
    link: randomBytes(12).toString("base64url"),
    created_at: now.toISOString(),
    name: input.name,
    first_name: firstName(input.name),
    regular: input.regular ? 1 : 0,
    selector: input.selector,
    calculator_type: check.type,
    has_colour: quoteHasColour(check.services) ? 1 : 0,
    salon_id: salon.id,
    salon_name: salon.name,
    level_id: level.id,
    level_name: level.name,
    stylist_id: withStylist ? stylist.id : null,
    stylist_name: withStylist ? `${stylist.first_name} ${stylist.last_name}` : null,
    stylist_image: withStylist ? stylist.remote_image : null,
    stylist_salon_id: withStylist ? stylistSalon.id : null,
    stylist_salon_name: withStylist ? stylistSalon.name : null,
    total: check.total,
    minutes: check.minutes,
  };
  const quote = storedQuote(row, check.items.map(({ service, price }) => ({ service, price })), booking);
  // Where it is sent: stored with it, never read back out.
  const to: QuoteRecipient = { email: input.email, mobile: input.mobile };
  // The catalogue's service ids, in the quote's order.
  return { quote, row, to, referral: input.referral, serviceIds: check.items.map((item) => item.id) };
}

/**
 * Stores a priced quote and queues its messages in one transaction: the
 * messages are queued if and only if the quote is stored.
 */
export async function storeQuote(db: Db, { quote, row, to, referral, serviceIds }: Awaited<ReturnType<typeof priceQuote>>, messages: OutgoingMessage[], caps: MessageCaps): Promise<void> {
  const now = new Date(quote.created_at);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("quotes").values({ ...row, mobile: to.mobile, email: to.email, referral }).execute();
    await trx
      .insertInto("quote_services")
      .values(
        quote.services.map((item, position) => ({
          quote_link: quote.link,
          position,
          service_id: serviceIds[position]!,
          service: item.service,
          price: item.price,
        })),
      )
      .execute();
    for (const message of messages) await enqueue(trx, message, caps, now);
  });
}

/** A stored quote by its link; undefined when there is none. Never returns email or mobile. */
export async function getQuote(db: Db, link: string): Promise<StoredQuote | undefined> {
  if (!QUOTE_LINK_PATTERN.test(link)) return undefined;
  const row = await db
    .selectFrom("quotes")
    .select([
      "link",
      "created_at",
      "name",
      "first_name",
      "regular",
      "selector",
      "calculator_type",
      "has_colour",
      "salon_id",
      "salon_name",
      "level_id",
      "level_name",
      "stylist_id",
      "stylist_name",
      "stylist_image",
      "stylist_salon_id",
      "stylist_salon_name",
      "total",
      "minutes",
    ])
    .where("link", "=", link)
    .executeTakeFirst();
  if (!row) return undefined;
  const services = await db
    .selectFrom("quote_services")
    .select(["service", "price"])
    .where("quote_link", "=", link)
    .orderBy("position")
    .execute();
  const booking = await bookingFor(db, row.stylist_id !== null ? (row.stylist_salon_id ?? row.salon_id) : row.salon_id, row.stylist_id ?? undefined);
  return storedQuote(row, services.map((s) => ({ service: s.service, price: Number(s.price) })), booking);
}

/** Everything stored about a quote, as the pages and messages use it (the row without its email, mobile and referral). */
export type StoredQuote = ReturnType<typeof storedQuote>;

function storedQuote(row: Omit<Selectable<QuoteTable>, "email" | "mobile" | "referral">, services: { service: string; price: number }[], booking: SalonBookingLinks) {
  return {
    link: row.link,
    created_at: row.created_at,
    name: row.name,
    first_name: row.first_name,
    regular: row.regular === 1,
    selector: row.selector === "Stylist" ? ("Stylist" as const) : ("Level" as const),
    type: row.calculator_type as CalculatorType,
    has_colour: row.has_colour === 1,
    salon: { id: row.salon_id, name: row.salon_name },
    level: { id: row.level_id, name: row.level_name },
    stylist:
      row.stylist_id !== null
        ? {
            id: row.stylist_id,
            name: row.stylist_name ?? "",
            image: row.stylist_image ?? "",
            salon: { id: row.stylist_salon_id ?? row.salon_id, name: row.stylist_salon_name ?? row.salon_name },
          }
        : null,
    services,
    total: Number(row.total),
    /** The visit's chair time as quoted, processing included. */
    minutes: Number(row.minutes),
    /** Where the quote is booked: the stylist's salon, or the quote's for a quote by level. */
    booking,
  };
}

/** Whether a quote with this link is stored (a kept quote page is served only while it is). */
export async function hasQuote(db: Db, link: string): Promise<boolean> {
  if (!QUOTE_LINK_PATTERN.test(link)) return false;
  return (await db.selectFrom("quotes").select("link").where("link", "=", link).executeTakeFirst()) !== undefined;
}

/** The first-visit offer: 20% off with code QG20, for 4 days; none for regular visitors. */
export function firstVisitOffer(quote: Pick<StoredQuote, "regular" | "total" | "created_at">) {
  if (quote.regular) return undefined;
  return {
    code: FIRST_VISIT_OFFER.code,
    percent: FIRST_VISIT_OFFER.percent,
    discounted_total: discountedTotal(quote.total),
    expires_at: addDaysIso(quote.created_at, FIRST_VISIT_OFFER.validDays),
  };
}

/** The API contract's shape of GET /api/get-quote-details/{link}. */
export function toQuoteDetails(quote: StoredQuote) {
  const offer = firstVisitOffer(quote);
  return {
    name: quote.first_name,
    created_at: quote.created_at,
    salon: quote.salon,
    quote: {
      stylist: quote.stylist ? { name: quote.stylist.name, image: quote.stylist.image } : null,
      level: quote.level,
      services: quote.services,
      total: quote.total,
      regular: quote.regular,
      minutes: quote.minutes,
    },
    ...(offer ? { offer } : {}),
    booking: { url: quote.booking.url, phone: quote.booking.phone, salon: quote.booking.salon },
  };
}

/**
 * What the outbox stored for a quote's email and text (queued, sent, or held
 * back by the message limits, docs/decisions/0018 item 7), for the page that
 * confirms the quote was saved. Neither address nor number is read.
 */
export async function quoteDeliveries(db: Db, link: string): Promise<QuoteDeliveries> {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["channel", "status", "held_reason"])
    .where("related_type", "=", "quote")
    .where("related_id", "=", link)
    .execute();
  const stateOf = (channel: "email" | "sms"): DeliveryState => {
    const row = rows.find((r) => r.channel === channel);
    if (!row) return { sent: false, reason: "missing" };
    if (row.status === "suppressed") return { sent: false, reason: row.held_reason === "site-wide" ? "busy" : "recipient" };
    if (row.status === "failed") return { sent: false, reason: "failed" };
    return { sent: true };
  };
  return { email: stateOf("email"), sms: stateOf("sms") };
}
