/**
 * The rating summary in the studio (PUT and DELETE /api/staff/studio/rating,
 * the reviews page): settings.yaml's `rating`, one place in the files, so the
 * history shows and undoes it like every change. Pure: planned on the files;
 * studio.server.ts checks the whole site and stores.
 */
import type { Rating } from "~/modules/catalogue/rating";
import { ratingWords } from "~/modules/catalogue/rating";
import type { Planned } from "./changes";
import { SETTINGS_FILE, settingsRow } from "./salons";

const PLACE = { file: SETTINGS_FILE, path: ["rating"] };

/** The rating the site shows now, if any. */
export const ratingOf = (files: ReadonlyMap<string, string>) => (settingsRow(files) as { rating?: Rating }).rating;

/** Sets the rating (a new one, or the figures read again on another day). */
export function planRatingPut(files: ReadonlyMap<string, string>, rating: Rating): { planned: Planned } {
  const before = ratingOf(files);
  const after = { source: rating.source, value: rating.value, count: rating.count, read_on: rating.read_on, url: rating.url };
  return { planned: { what: "reviews", summary: `Rating ${before ? "changed" : "set"}: ${ratingWords(after)}`, changes: [{ ...PLACE, before, after }] } };
}

/** Takes the rating off the site (nothing to take: nothing changes). */
export function planRatingRemove(files: ReadonlyMap<string, string>): { planned: Planned } {
  const before = ratingOf(files);
  return { planned: { what: "reviews", summary: before ? `Rating removed (was ${ratingWords(before)})` : "Rating removed", changes: [{ ...PLACE, before, after: undefined }] } };
}
