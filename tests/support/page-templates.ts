/**
 * One address for each page template (each route module, and each state of a
 * page that lays out differently), filled from the content the server runs on.
 * The layout browser test and scripts/screenshots.ts visit these.
 */
import { content, runningOffersOf, slugs } from "./public-pages";

function first(pattern: string): string {
  const slug = slugs[pattern]?.[0];
  if (!slug) throw new Error(`The content has nothing for ${pattern}: the page templates need at least one`);
  return pattern.replace(/:[a-z]+$/, slug);
}

/** The page of an offer that is not running today (the fixture has one that ended and one yet to start). */
function notRunning(): string {
  const running = new Set(runningOffersOf(content).map((o) => o.slug));
  const offer = content.copy.offers.offers.find((o) => !running.has(o.slug));
  if (!offer) throw new Error("The content has no offer that has ended or not started: the page templates need one");
  return `/offers/${offer.slug}`;
}

// A salon and level that go together: those of the first stylist with a profile page.
const stylist = content.stylists.find((s) => s.slug === slugs["/team/:slug"]?.[0])!;

/** Name (used in file names and test titles) → address. */
export const pageTemplates: Record<string, string> = {
  landing: "/",
  home: "/home",
  about: "/about",
  team: "/team",
  "team-profile": first("/team/:slug"),
  reviews: "/reviews",
  blog: "/blog",
  "blog-post": first("/blog/:slug"),
  offers: "/offers",
  offer: first("/offers/:slug"),
  // An offer that has ended or not started: its own short layout.
  "offer-not-running": notRunning(),
  "sms-offer": first("/sms/:slug"),
  "markdown-page": "/policies",
  notice: first("/notices/:slug"),
  bookings: "/bookings",
  "bookings-answer": "/bookings?client=existing&service=colour",
  // The guide opened from a sister salon's quote: that salon's booking, phone and skin test.
  "bookings-sister-salon": `/bookings?client=new&service=colour&salon=${content.salons.find((s) => s.booking)!.id}`,
  "link-tree": "/links",
  shop: "/online-shop",
  prices: "/prices",
  "prices-levels": "/prices/levels",
  "price-list": "/prices/list",
  "stylist-prices": first("/prices/:stylist"),
  "prices-selector": "/prices/selector?type=colour&regular=no",
  calculator: `/prices/calculator?type=colour&regular=no&by=level&salon=${stylist.salon}&level=${stylist.level}`,
  // Opened by hand, with no quote saved from this browser: says nothing was saved.
  "finish-submitted-without-quote": `/prices/finish/submitted?type=cutting&regular=no&by=level&salon=${stylist.salon}&level=${stylist.level}`,
  joinus: "/joinus",
  models: "/models",
  contact: "/contact",
  "open-evening": "/open-evening",
  feedback: "/feedback",
  privacy: "/privacy",
};
