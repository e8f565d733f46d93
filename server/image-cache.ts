/**
 * The picture server's limits (decision record 0018): which names may be
 * encoded (only those the content and the code use), how many encodes run
 * at once (MAX_ENCODES_AT_ONCE, the rest wait in a short queue; past it, 503
 * with Retry-After). The copies themselves are kept on disk by the picture
 * library (app/modules/images/picture-library.server.ts, DATA_DIR/images).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import { listSalons, listStylists, listTeam } from "~/modules/catalogue/catalogue.server";
import { pictureNames, sceneNames } from "~/modules/images/picture-names";
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

/** Folders of scenes: each name in them must be one the site uses (app/modules/images/picture-names.ts). */
export const SCENE_KINDS = ["blog", "news", "store", "offers", "pages", "work"] as const;

/** "kind/name" of every scene the site shows, from the content and the academy's team in the database. */
export async function sceneNamesNow(content: SiteContent, db: Kysely<Database>): Promise<Set<string>> {
  // A draft's page shows its picture to staff too.
  return sceneNames({ ...content, blogPosts: [...content.blogPosts, ...content.draftPosts] }, (await listTeam(db)).map((m) => m.slug));
}

/** "kind/name" of every picture the site shows: portraits of every stylist, the salons' pictures and logos, and the scenes. */
export async function pictureNamesNow(content: SiteContent, db: Kysely<Database>): Promise<Set<string>> {
  const [stylists, team, salons] = await Promise.all([listStylists(db), listTeam(db), listSalons(db)]);
  return pictureNames(content, { stylistSlugs: stylists.map((s) => s.slug), teamSlugs: team.map((m) => m.slug), salonIds: salons.map((s) => s.id) });
}
