/**
 * The picture server's limits (decision record 0018): which scene names may
 * be drawn (only those the content and the code use), how many encodes run
 * at once (MAX_ENCODES_AT_ONCE, the rest wait in a short queue; past it, 503
 * with Retry-After). The copies themselves are kept on disk by the picture
 * library (app/modules/images/picture-library.server.ts, DATA_DIR/images).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listTeam } from "~/modules/catalogue/catalogue.server";
import type { SiteContent } from "~/modules/site/load-content.server";

export const MAX_ENCODES_AT_ONCE = 2;
/** Encodes waiting beyond this many are turned away for a moment. */
export const MAX_ENCODES_WAITING = 8;
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Counted for the tests and the log: encodes begun, running now, and the most at once. */
export const encodeStats = { started: 0, active: 0, peak: 0 };

export class EncoderBusy extends Error {}

const waiting: (() => void)[] = [];

/** Runs `encode` when a slot is free; throws EncoderBusy when too many are already waiting. */
export async function limitEncode<T>(encode: () => Promise<T>): Promise<T> {
  if (encodeStats.active >= MAX_ENCODES_AT_ONCE) {
    if (waiting.length >= MAX_ENCODES_WAITING) throw new EncoderBusy("too many pictures being made");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  encodeStats.active++;
  encodeStats.started++;
  encodeStats.peak = Math.max(encodeStats.peak, encodeStats.active);
  try {
    return await encode();
  } finally {
    encodeStats.active--;
    waiting.shift()?.();
  }
}

/** Folders of scenes: each name in them must be one the site uses. */
export const SCENE_KINDS = ["blog", "news", "store", "offers", "pages", "work"] as const;
/** How many pictures of their work a team member's page shows (app/routes/team-detail.tsx). */
const WORK_PICTURES = 2;

/**
 * "kind/name" for every scene the site shows: any /images/{kind}/{name}.svg
 * the content names (blog posts, news, the shop), each Markdown page and
 * offer (their pictures are named by the page or offer), and each team
 * member's pictures of work.
 */
export async function sceneNames(content: SiteContent, db: Kysely<Database>): Promise<Set<string>> {
  const names = new Set<string>();
  for (const match of JSON.stringify(content).matchAll(/\/images\/([a-z]+)\/([a-z0-9-]+)\.svg/g)) names.add(`${match[1]}/${match[2]}`);
  for (const post of content.blogPosts) names.add(`blog/${post.slug}`);
  for (const page of Object.keys(content.copy.pages)) names.add(`pages/${page}`);
  for (const offer of content.copy.offers.offers) names.add(`offers/${offer.slug}`);
  for (const member of await listTeam(db)) {
    for (let n = 1; n <= WORK_PICTURES; n++) names.add(`work/${member.slug}-${n}`);
  }
  return names;
}
