import type { Settings } from "./content-schema";

/** The settings a page may show: everything but the mail addresses. */
export type PublicSettings = Omit<Settings, "mail">;

export function publicSettings({ mail: _mail, ...rest }: Settings): PublicSettings {
  return rest;
}

/** "12 Bridge Street, Ashbridge, AB1 2BA" */
export function formatAddress(settings: Pick<Settings, "address">): string {
  const { street, town, postcode } = settings.address;
  return `${street}, ${town}, ${postcode}`;
}

/** "01632 960 412" → "tel:+441632960412" */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+44${digits.slice(1)}` : digits}`;
}

/** A UK number as the content writes one: eleven digits from its 0, a single space allowed between any two. */
const PHONE_IN_WORDS = /(?<![\d+])(0\d(?: ?\d){9})(?!\d)/;

/**
 * `words` cut where they give a phone number, each number at an odd place
 * ("Call us on ", "01632 960 412", " to book."), so that a page can make it a
 * link that a visitor on a phone taps to call.
 */
export function splitAtPhones(words: string): string[] {
  return words.split(PHONE_IN_WORDS);
}

/**
 * A link that opens the address in the phone's maps app: Google's documented
 * cross-platform Maps URL (the app on Android, and on iPhone when installed;
 * the map in the browser otherwise), searched by name and address.
 */
export function mapsHref(settings: Pick<Settings, "name" | "address">): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${settings.name}, ${formatAddress(settings)}`)}`;
}

/**
 * Where every site-wide "Book now" goes: the booking guide (/bookings), which
 * asks new or returning, then colour or not, before the booking platform. A
 * stylist's own button carries their id (`stylist=`), a quote's its salon's
 * (`salon=`): nothing about the visitor.
 */
export function bookingGuideHref(stylistId?: number): string {
  return stylistId === undefined ? "/bookings" : `/bookings?stylist=${stylistId}`;
}

/** An id a booking link carries (`salon=`, `stylist=`): a whole number, or undefined for anything else. */
export function bookingIdParam(value: string | null): number | undefined {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}
