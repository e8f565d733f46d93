/**
 * The public pages' words, read from content/ and checked at start together
 * with the rest of the content (see load-content.server.ts), once, by the
 * composition root; pages read it from the loaded content. Tokens such as
 * {{phone}} are filled from the settings then; {{month}} waits for the page,
 * and {{endDate}} for the end date in force (copyWithEndDate).
 */
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import type { z } from "zod";
import {
  noticesSchema,
  offersSchema,
  pageFrontMatterSchema,
  siteCopySchema,
  type Settings,
} from "./content-schema";
import { deferredTokens, fillTokens, fillTokensDeep, settingsTokens } from "./fill-tokens";
import { ContentError, parseFile } from "./content-files.server";
import { markdownToSafeHtml, splitFrontMatter } from "./markdown.server";

export type PageName = (typeof pageNames)[number];
/** The Markdown pages under content/pages/, one per route. */
export const pageNames = [
  "about",
  "refer-a-friend",
  "policies",
  "corona",
  "reopening",
  "new-prices",
  "your-gift",
  "ghd",
  "jellybeans",
] as const;

export function isPageName(name: string): name is PageName {
  return (pageNames as readonly string[]).includes(name);
}

export interface ContentPage extends z.infer<typeof pageFrontMatterSchema> {
  html: string;
}
export type Offers = z.infer<typeof offersSchema>;
export type Offer = Offers["offers"][number];
export type Notice = z.infer<typeof noticesSchema>[number];
export type SectionCopy = z.infer<typeof siteCopySchema>;

export interface SiteCopy {
  pages: Record<PageName, ContentPage>;
  offers: Offers;
  notices: Notice[];
  text: SectionCopy;
}

function loadPage(dir: string, name: PageName, tokens: Record<string, string>): ContentPage {
  const file = path.join(dir, "pages", `${name}.md`);
  const where = `content/pages/${name}.md`;
  if (!fs.existsSync(file)) throw new ContentError(`${where}: missing (every public page needs its file)`);
  try {
    const { frontMatter, body } = splitFrontMatter(fs.readFileSync(file, "utf8"));
    const meta = pageFrontMatterSchema.safeParse(fillTokensDeep(YAML.parse(frontMatter) as unknown, tokens));
    if (!meta.success) {
      throw new Error(meta.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    }
    return { ...meta.data, html: markdownToSafeHtml(fillTokens(body, tokens)) };
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(`${where}: ${(error as Error).message}`);
  }
}

export function loadSiteCopy(dir: string, settings: Omit<Settings, "mail">): SiteCopy {
  const tokens = { ...settingsTokens(settings), ...deferredTokens };
  const filled = <T>(file: string, schema: z.ZodType<T>): T =>
    parseFile(dir, file, schema, (source) => fillTokensDeep(YAML.parse(source) as unknown, tokens));
  const pages = Object.fromEntries(pageNames.map((name) => [name, loadPage(dir, name, tokens)])) as Record<
    PageName,
    ContentPage
  >;
  return {
    pages,
    offers: filled("offers.yaml", offersSchema),
    notices: filled("notices.yaml", noticesSchema),
    text: filled("site-copy.yaml", siteCopySchema),
  };
}

const withEndDate = new WeakMap<SiteCopy, Map<string, SiteCopy>>();
/** Distinct end dates kept filled in at once: each staff change of the date adds one. */
const END_DATES_KEPT = 8;

/**
 * The copy with {{endDate}} filled in with the offers' end date in force
 * (settings.yaml's, or a staff member's; a date, so nothing to escape).
 * Filled once per date and kept, so a page pays nothing for it.
 */
export function copyWithEndDate(copy: SiteCopy, endDate: string): SiteCopy {
  let filled = withEndDate.get(copy);
  if (!filled) withEndDate.set(copy, (filled = new Map()));
  const found = filled.get(endDate);
  if (found) return found;
  if (filled.size >= END_DATES_KEPT) filled.clear();
  const copyForDate = fillTokensDeep(copy, { endDate, month: "{{month}}" });
  filled.set(endDate, copyForDate);
  return copyForDate;
}
