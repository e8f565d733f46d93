/**
 * schema.org descriptions for search engines: the academy as a HairSalon and
 * each blog post as a BlogPosting. Pure functions of the content.
 */
import type { PublicSettings } from "~/modules/site/public-settings";
import { phoneHref } from "~/modules/site/public-settings";

interface SisterSalon {
  id: number;
  name: string;
  website: string;
}

const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function hairSalonData(settings: PublicSettings, siteUrl: string, salons: SisterSalon[], academyId = 3) {
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
    address: {
      "@type": "PostalAddress",
      streetAddress: settings.address.street,
      addressLocality: settings.address.town,
      postalCode: settings.address.postcode,
      addressCountry: "GB",
    },
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
