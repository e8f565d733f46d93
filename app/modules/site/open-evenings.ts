/**
 * The open evenings settings.yaml names (one, or a list), as the pages and
 * search engines need them: those still to come, soonest first. Pure.
 */
import type { z } from "zod";
import type { openEveningSchema } from "./content-schema";
import type { PublicSettings } from "./public-settings";

export type OpenEvening = z.output<typeof openEveningSchema>;

/** The evenings on or after `today` (YYYY-MM-DD, the salon's day), soonest first. */
export function upcomingOpenEvenings(settings: Pick<PublicSettings, "openEvening">, today: string): OpenEvening[] {
  const given = settings.openEvening;
  const evenings = given === undefined ? [] : Array.isArray(given) ? given : [given];
  return evenings.filter((e) => e.date >= today).sort((a, b) => a.date.localeCompare(b.date) || a.starts.localeCompare(b.starts));
}
