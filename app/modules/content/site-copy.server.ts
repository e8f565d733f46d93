/**
 * The public pages' words, read from content/ and checked at start together
 * with the rest of the content (see load-content.server.ts). Tokens such as
 * {{phone}} are filled from the settings then; {{month}} waits for the page.
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
import { ContentError, parseFile } from "./load-content.server";
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

const loaded = new Map<string, SiteCopy>();

/** Called by loadContent at start, so pages reuse what was checked then. */
export function rememberSiteCopy(dir: string, copy: SiteCopy): void {
  loaded.set(path.resolve(dir), copy);
}

/** The checked copy for a content folder; reads it once if start did not. */
export function getSiteCopy(dir: string, settings: Omit<Settings, "mail">): SiteCopy {
  const key = path.resolve(dir);
  let copy = loaded.get(key);
  if (!copy) {
    copy = loadSiteCopy(dir, settings);
    loaded.set(key, copy);
  }
  return copy;
}
