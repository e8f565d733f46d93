import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import type { z } from "zod";
import {
  blogFrontMatterSchema,
  crossCheck,
  levelsSchema,
  newsSchema,
  reviewsSchema,
  salonsSchema,
  servicesSchema,
  settingsSchema,
  storeSchema,
  stylistsSchema,
  type Settings,
} from "./content-schema";
import type { LevelRecord, ReviewRecord, SalonRecord, Service, StylistRecord } from "~/modules/catalogue/entities";
import { markdownToSafeHtml, splitFrontMatter } from "./markdown.server";
import { ContentError } from "~/modules/fields/content-fields";
import { parseFile, yaml } from "./content-files.server";
import { loadPriceList, loadSiteCopy, type SiteCopy } from "./site-copy.server";

export interface BlogPostContent {
  slug: string;
  title: string;
  author: string;
  date: string;
  excerpt: string;
  bodyHtml: string;
  image: string;
}

export interface SiteContent {
  settings: Settings;
  salons: SalonRecord[];
  levels: LevelRecord[];
  services: Service[];
  /** With each one's "Average Cut & Colour price", worked out from the price list at their level. */
  stylists: (StylistRecord & { average_price: number })[];
  reviews: ReviewRecord[];
  blogPosts: BlogPostContent[];
  news: z.infer<typeof newsSchema>;
  store: z.infer<typeof storeSchema>;
  /** The public pages' words: Markdown pages, offers, notices and section copy. */
  copy: SiteCopy;
}

/** Reads and checks every content file. Throws a ContentError naming the file and field at fault. */
export function loadContent(dir: string): SiteContent {
  const blogDir = path.join(dir, "blog");
  const blogPosts = fs
    .readdirSync(blogDir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file): BlogPostContent => {
      const slug = file.replace(/\.md$/, "");
      const { frontMatter, body } = (() => {
        try {
          return splitFrontMatter(fs.readFileSync(path.join(blogDir, file), "utf8"));
        } catch (error) {
          throw new ContentError(`content/blog/${file}: ${(error as Error).message}`);
        }
      })();
      const meta = parseFile(blogDir, file, blogFrontMatterSchema, () => YAML.parse(frontMatter) as unknown);
      return { slug, ...meta, bodyHtml: markdownToSafeHtml(body), image: `/images/blog/${slug}.svg` };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

  const settings = parseFile(dir, "settings.yaml", settingsSchema, yaml);
  const levels = parseFile(dir, "levels.yaml", levelsSchema, yaml);
  const services = parseFile(dir, "services.yaml", servicesSchema, yaml);
  // The prices the words claim come from the price list, before the words that use them.
  const priceList = loadPriceList(dir, { services, levels });
  const stylists = parseFile(dir, "stylists.yaml", stylistsSchema, yaml).map((stylist) => {
    const price = priceList.teamPrices.prices.get(stylist.level);
    // A level that does not exist is crossCheck's to report, below.
    if (price === undefined && !levels.some((l) => l.id === stylist.level)) return { ...stylist, average_price: 0 };
    if (price === undefined) {
      const why = priceList.teamPrices.problems.get(stylist.level) ?? `unknown level ${stylist.level}`;
      throw new ContentError(`content/offers.yaml: ${why} (needed for ${stylist.first_name} ${stylist.last_name}'s price on the team pages)`);
    }
    return { ...stylist, average_price: price };
  });
  const content: SiteContent = {
    settings,
    salons: parseFile(dir, "salons.yaml", salonsSchema, yaml),
    levels,
    services,
    stylists,
    reviews: parseFile(dir, "reviews.yaml", reviewsSchema, yaml),
    blogPosts,
    news: parseFile(dir, "news.yaml", newsSchema, yaml),
    store: parseFile(dir, "store.yaml", storeSchema, yaml),
    copy: loadSiteCopy(dir, settings, priceList.claims),
  };
  const problems = crossCheck(content);
  if (problems.length > 0) throw new ContentError(`content: ${problems.join("; ")}`);
  return content;
}
