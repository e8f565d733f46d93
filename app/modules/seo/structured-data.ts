/**
 * schema.org descriptions for search engines: the academy as a HairSalon, each
 * blog post as a BlogPosting, the open evening as an Event, the apprenticeship
 * as a JobPosting and a page's place in the site as a BreadcrumbList. Pure
 * functions of the content. The last three are typed with schema-dts, schema.org's vocabulary as TypeScript types, so a
 * property or value schema.org doesn't define fails the typecheck.
 */
import type { BreadcrumbList, Event, JobPosting, PostalAddress, WithContext } from "schema-dts";
import type { SalonSite } from "~/modules/catalogue/entities";
import type { PublicSettings } from "~/modules/site/public-settings";
import { phoneHref } from "~/modules/site/public-settings";
import { upcomingOpenEvenings } from "~/modules/site/open-evenings";

const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function hairSalonData(settings: PublicSettings, siteUrl: string, salons: Pick<SalonSite, "id" | "name" | "website">[], academyId = 3) {
  const sisters = salons.filter((s) => s.id !== academyId);
  return {
    "@context": "https://schema.org",
    "@type": "HairSalon",
    "@id": `${siteUrl}/#salon`,
    name: settings.name,
    description: settings.tagline,
    url: `${siteUrl}/`,
    telephone: phoneHref(settings.phone).replace(/^tel:/, ""),
    email: settings.email,
    image: `${siteUrl}/images/salons/salon-${academyId}-1200.png`,
    logo: `${siteUrl}/images/salons/salon-${academyId}-logo-640.png`,
    priceRange: "££",
    address: postalAddress(settings),
    openingHoursSpecification: settings.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${h.day}`,
        opens: h.opens,
        closes: h.closes,
      }))
      .sort((a, b) => days.indexOf(a.dayOfWeek.split("/").pop()!) - days.indexOf(b.dayOfWeek.split("/").pop()!)),
    sameAs: settings.social.map((s) => s.url),
    memberOf: {
      "@type": "Organization",
      name: [settings.name, ...sisters.map((s) => s.name)].join(", ").replace(/, ([^,]*)$/, " and $1"),
      member: sisters.map((s) => ({ "@type": "HairSalon", name: s.name, url: s.website })),
    },
  };
}

export function blogPostingData(
  post: { slug: string; title: string; excerpt: string; author: string; date: string },
  settings: PublicSettings,
  siteUrl: string,
) {
  const url = `${siteUrl}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    image: `${siteUrl}/images/blog/${post.slug}-1200.png`,
    url,
    mainEntityOfPage: url,
    inLanguage: "en-GB",
    publisher: { "@type": "Organization", name: settings.name, "@id": `${siteUrl}/#salon` },
  };
}

/** The salon's (or a place's) address as schema.org writes one. */
function postalAddress(settings: { address: { street: string; town: string; postcode: string } }): PostalAddress {
  return {
    "@type": "PostalAddress",
    streetAddress: settings.address.street,
    addressLocality: settings.address.town,
    postalCode: settings.address.postcode,
    addressCountry: "GB",
  };
}

/** "+01:00" or "+00:00": the salon's offset from UTC on a day (British Summer Time or not). */
export function londonOffset(isoDate: string): string {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "longOffset" })
    .formatToParts(new Date(`${isoDate}T12:00:00Z`))
    .find((p) => p.type === "timeZoneName")!.value;
  return name === "GMT" ? "+00:00" : name.replace("GMT", "");
}

/**
 * Each open evening still to come as a schema.org Event (what Google's event
 * results need: name, startDate with its offset, location with an address;
 * and the end, the status, that it is in person and free, the organiser),
 * soonest first. At the salon unless the evening names its own place. None
 * when no evening has a date to come.
 */
export function openEveningsData(
  settings: Pick<PublicSettings, "name" | "address" | "openEvening">,
  siteUrl: string,
  today: string,
): WithContext<Event>[] {
  return upcomingOpenEvenings(settings, today).map((evening) => {
    const offset = londonOffset(evening.date);
    const place = { "@type": "Place" as const, name: evening.place?.name ?? settings.name, address: postalAddress(evening.place ? { address: evening.place } : settings) };
    return {
      "@context": "https://schema.org",
      "@type": "Event",
      name: `Open evening at ${settings.name}`,
      description: `Meet our educators and apprentices at ${settings.name}, watch a live demonstration and ask anything about training with us.`,
      startDate: `${evening.date}T${evening.starts}:00${offset}`,
      endDate: `${evening.date}T${evening.ends}:00${offset}`,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      isAccessibleForFree: true,
      location: place,
      organizer: { "@type": "Organization", name: settings.name, url: `${siteUrl}/` },
      offers: { "@type": "Offer", price: 0, priceCurrency: "GBP", availability: "https://schema.org/InStock", url: `${siteUrl}/open-evening` },
      url: `${siteUrl}/open-evening`,
    };
  });
}

/**
 * The apprenticeship as a schema.org JobPosting (Google's job results need
 * title, description, datePosted, hiringOrganization and jobLocation with an
 * address); applied for on the page itself (directApply).
 */
export function apprenticeshipData(
  settings: Pick<PublicSettings, "name" | "address" | "apprenticeshipPosted">,
  siteUrl: string,
  diplomas: string,
): WithContext<JobPosting> {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: "Apprentice hairdresser",
    description: `<p>A two-year apprenticeship at ${settings.name}: five days a week in a real salon with real clients, two to three of them training days with our educators, ending with your ${diplomas} hairdressing diplomas. Paid while you learn.</p>`,
    datePosted: settings.apprenticeshipPosted,
    employmentType: ["FULL_TIME"],
    directApply: true,
    hiringOrganization: { "@type": "Organization", name: settings.name, sameAs: `${siteUrl}/` },
    jobLocation: { "@type": "Place", address: postalAddress(settings) },
    educationRequirements: { "@type": "EducationalOccupationalCredential", credentialCategory: "no requirements" },
    experienceRequirements: "no requirements",
    url: `${siteUrl}/joinus`,
  };
}

/**
 * Where a page sits in the site, as a schema.org BreadcrumbList (what Google's
 * breadcrumbs need: itemListElement, each ListItem with position, name and
 * item), from the home page down to the page itself: each step's name and its path on this site.
 */
export function breadcrumbData(trail: readonly { name: string; path: string }[], siteUrl: string): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ name: "Home", path: "/" }, ...trail].map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}
