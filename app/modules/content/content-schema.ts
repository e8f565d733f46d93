/**
 * The shapes of the files under content/. A salon edits those files; these
 * schemas catch a mistake at start, with the file and field named, instead of
 * letting it reach a page.
 */
import { z } from "zod";

const text = z.string().trim().min(1);
const id = z.number().int().positive();
const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD"));
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters, digits and hyphens");
const sitePath = z.string().regex(/^\/[^\s]*$/, "a path on this site, starting with /");
const link = z.union([z.url(), sitePath]);

export const settingsSchema = z.object({
  name: text,
  shortName: text,
  tagline: text,
  town: text,
  phone: text,
  email: z.email(),
  address: z.object({ street: text, town: text, postcode: text }),
  hours: z
    .array(
      z.object({
        day: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
        label: text,
        opens: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
        closes: z.string().regex(/^\d{2}:\d{2}$/).nullable(),
      }),
    )
    .length(7),
  hideOffers: z.boolean(),
  endDate: text,
  mail: z.object({ from: text, staffNotify: z.email() }),
  links: z.object({ booking: z.url(), skinTest: z.url(), giftCards: z.url(), shop: z.url(), referral: z.url() }),
  social: z.array(z.object({ name: text, url: z.url() })).min(1),
});
export type Settings = z.infer<typeof settingsSchema>;

export const salonsSchema = z.array(z.object({ id, name: text, website: link }));
export const levelsSchema = z.array(z.object({ id, name: text, adapter: z.number().min(0) }));
export const servicesSchema = z.array(
  z.object({
    id,
    service: text,
    price: z.number().min(0),
    product_price: z.number().min(0),
    cat1: z.number().int().min(1).max(6),
    cat2: z.number().int().min(0).max(6),
  }),
);

export const stylistsSchema = z.array(
  z.object({
    id,
    first_name: text,
    last_name: text,
    slug,
    level: id,
    salon: id,
    taking_new_clients: z.boolean().default(true),
    role: text.optional(),
    favourite_style: text,
    average_price: z.number().positive(),
    photo_profile: z.url(),
    para_1: text,
    para_2: text,
    para_3: text.optional(),
  }),
);

export const reviewsSchema = z.array(z.object({ review: text, client: text, stylist: slug }));

export const blogFrontMatterSchema = z.object({
  title: text,
  author: text,
  date: isoDate,
  excerpt: text.max(240),
});

export const newsSchema = z.array(
  z.object({ title: text, slug, date: isoDate, image: sitePath, text }),
);

export const storeSchema = z.object({
  banners: z.array(z.object({ image: sitePath, url: z.url(), alt: text, headline: text })),
  tiles: z.array(
    z.object({ image: sitePath, brand: text, title: text, description: text, url: z.url() }),
  ),
});

/** Checks that the files agree with one another (ids and slugs that refer across files). */
export function crossCheck(content: {
  salons: z.infer<typeof salonsSchema>;
  levels: z.infer<typeof levelsSchema>;
  services: z.infer<typeof servicesSchema>;
  stylists: z.infer<typeof stylistsSchema>;
  reviews: z.infer<typeof reviewsSchema>;
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
  const levelIds = new Set(content.levels.map((l) => l.id));
  for (const s of content.stylists) {
    if (!salonIds.has(s.salon)) problems.push(`stylist ${s.slug}: unknown salon ${s.salon}`);
    if (!levelIds.has(s.level)) problems.push(`stylist ${s.slug}: unknown level ${s.level}`);
  }
  const slugs = new Set(content.stylists.map((s) => s.slug));
  content.reviews.forEach((r, i) => {
    if (!slugs.has(r.stylist)) problems.push(`review ${i + 1}: unknown stylist ${r.stylist}`);
  });
  return problems;
}
