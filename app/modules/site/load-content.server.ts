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
} from "./content-schema";
import { markdownToSafeHtml, splitFrontMatter } from "./markdown.server";
import { ContentError } from "~/modules/fields/content-fields";
import { fileText, filesHash, parseFile, readContentDir, type ContentFiles } from "./content-files.server";
import { yaml } from "./yaml-data";
import { loadPriceList, loadSiteCopy } from "./site-copy.server";
import { factsSchema } from "./facts";
import { recentlyUsed } from "./recently-used";

/** A post: its front matter with its slug, its HTML and its picture. A scheduled one (`publish_at`, decision 0059) is in `blogPosts`, and the public reads leave it out before it. */
export type BlogPostContent = z.infer<typeof blogFrontMatterSchema> & { slug: string; bodyHtml: string; image: string };

/** What loadContent gives: every content file read and checked, hidden services and stylists left out. */
export type SiteContent = ReturnType<typeof buildContent>;

/**
 * Reads and checks every content file: from a folder in content/'s layout, or
 * the files the database holds. Throws a ContentError naming the file and
 * field at fault. Hidden services and stylists are left out of what it
 * returns: no page, price or quote shows them (they stay in the files).
 */
export function loadContent(source: string | ContentFiles): Readonly<SiteContent> {
  const files = typeof source === "string" ? readContentDir(source) : source;
  // Frozen at its top, so a holder that assigns to it fails at once rather than changing everyone's copy.
  return built(filesHash(files), () => Object.freeze(buildContent(files)));
}

/**
 * The contents last built, by their files' fingerprint. Building one parses
 * every file and works out every price (about 0.2 s of CPU), and the same
 * files come back: a server seeds its database from CONTENT_DIR and then reads
 * the same files back from it, a studio undo returns to the files before, and
 * a test process starts many servers on the fixture salon. What is returned is
 * shared by whoever asked; nothing changes a built content (a change is new
 * files, and a new build).
 */
const built = recentlyUsed<string, Readonly<SiteContent>>(4);

function buildContent(dir: ContentFiles) {
  const allPosts = [...dir.keys()]
    .filter((f) => /^blog\/[^/]+\.md$/.test(f))
    .sort()
    .map((file): BlogPostContent => {
      const slug = file.slice("blog/".length).replace(/\.md$/, "");
      // parseFile names the file when the front matter block is missing, is not YAML or does not fit the schema.
      const meta = parseFile(dir, file, blogFrontMatterSchema, (source) => yaml(splitFrontMatter(source).frontMatter));
      const { body } = splitFrontMatter(fileText(dir, file));
      return { slug, ...meta, bodyHtml: markdownToSafeHtml(body), image: meta.image ?? `/images/blog/${slug}.svg` };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  const draftPosts = allPosts.filter((p) => p.draft);
  const blogPosts = allPosts.filter((p) => !p.draft);

  const settings = parseFile(dir, "settings.yaml", settingsSchema, yaml);
  const facts = parseFile(dir, "facts.yaml", factsSchema, yaml);
  const levels = parseFile(dir, "levels.yaml", levelsSchema, yaml);
  const services = parseFile(dir, "services.yaml", servicesSchema, yaml).filter((s) => !s.hidden).map(({ hidden: _hidden, ...s }) => s);
  // The prices the words claim come from the price list, before the words that use them.
  const priceList = loadPriceList(dir, { services, levels });
  const stylistFile = parseFile(dir, "stylists.yaml", stylistsSchema, yaml);
  const hiddenStylists = new Set(stylistFile.filter((s) => s.hidden).map((s) => s.slug));
  const stylists = stylistFile.filter((s) => !s.hidden).map(({ hidden: _hidden, ...stylist }) => {
    const price = priceList.teamPrices.prices.get(stylist.level);
    // A level that does not exist is crossCheck's to report, below.
    if (price === undefined && !levels.some((l) => l.id === stylist.level)) return { ...stylist, average_price: 0 };
    if (price === undefined) {
      const why = priceList.teamPrices.problems.get(stylist.level) ?? `unknown level ${stylist.level}`;
      throw new ContentError(`content/offers.yaml: ${why} (needed for ${stylist.first_name} ${stylist.last_name}'s price on the team pages)`);
    }
    return { ...stylist, average_price: price };
  });
  const content = {
    settings,
    salons: parseFile(dir, "salons.yaml", salonsSchema, yaml),
    levels,
    services,
    /** With each one's "Average Cut & Colour price", worked out from the price list at their level. */
    stylists,
    // A hidden stylist's reviews wait with them; a hidden review waits in the file.
    reviews: parseFile(dir, "reviews.yaml", reviewsSchema, yaml).filter((r) => !r.hidden && !hiddenStylists.has(r.stylist)),
    /** The published posts, newest first, scheduled ones included (the public pages compare `publish_at` with the time). */
    blogPosts,
    /** Drafts: listed nowhere; their pages are for signed-in staff. */
    draftPosts,
    news: parseFile(dir, "news.yaml", newsSchema, yaml),
    store: parseFile(dir, "store.yaml", storeSchema, yaml),
    /** The public pages' words: Markdown pages, offers, notices and section copy. */
    copy: loadSiteCopy(dir, settings, priceList.claims, facts),
    /** Facts more than one page states (content/facts.yaml): said once, checked on every page by the tests. */
    facts,
  };
  const problems = crossCheck(content);
  if (problems.length > 0) throw new ContentError(`content: ${problems.join("; ")}`);
  return content;
}
