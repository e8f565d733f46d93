/**
 * The staff desk's "Scheduled" (issue 33): the posts, offers and shop news items whose publish moment is still to
 * come, soonest first, on the salon's clock. The rule is `scheduledItems` (site/publish-at.ts); this reads what it
 * judges: the content files in force (a draft post is not scheduled: it goes on only when published) and the news.
 */
import type { Db } from "~/.server/db/schema";
import { readContentFiles } from "~/modules/site/content-store.server";
import { scheduledItems, type ScheduledItem } from "~/modules/site/publish-at";
import { listNews } from "~/modules/site-switches/news.server";
import { offerInPlainWords, offerJson, offerPriceWords, offerRows } from "./offers";
import { postFiles } from "./posts";

/** `claimNames`: the price claims an offer's title may name ("[starter from]"), shown in words as the offers page does. */
export async function scheduledOnSite(db: Db, claimNames: readonly string[], now = new Date()): Promise<ScheduledItem[]> {
  const [files, news] = await Promise.all([readContentFiles(db), listNews(db)]);
  const words = offerPriceWords(claimNames);
  return scheduledItems(
    [
      ...postFiles(files)
        .filter((post) => !post.draft)
        .map((post) => ({ kind: "post" as const, slug: post.slug, title: post.title, publish_at: post.publishAt })),
      ...offerRows(files)
        .map((row) => offerInPlainWords(offerJson(row), words))
        .map((offer) => ({ kind: "offer" as const, slug: offer.slug, title: offer.title, publish_at: offer.publish_at })),
      ...news.map((item) => ({ kind: "news" as const, slug: item.slug, title: item.title, publish_at: item.publish_at })),
    ],
    now,
  );
}
