/**
 * What every request handler (route loaders and actions, the Express /api)
 * may use: made once at start by the composition root (server/start-services.ts)
 * and closed at shutdown. A type only: modules never see it; they take the
 * parts they need as plain arguments.
 */
import type { Kysely } from "kysely";
import type { Config } from "~/.server/config.server";
import type { Engine } from "~/.server/db/database.server";
import type { Database } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import type { Logger } from "~/.server/logger.server";
import type { OutboxWorker } from "~/.server/outbox/worker.server";
import type { StaffNotices } from "~/.server/outbox/staff-notices.server";
import type { PictureLibrary } from "~/modules/images/picture-library.server";
import type { CopyMaker } from "~/modules/images/copies.server";
import type { Settings } from "~/modules/site/content-schema";
import type { SiteContent } from "~/modules/site/load-content.server";
import type { VisitCounter } from "~/modules/visits/visits.server";
import type { SiteSnapshot } from "./site-snapshot.server";

export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  /** content/settings.yaml, with the mail addresses the environment overrides. */
  readonly settings: Settings;
  /** The site's content in force: built from the database's content files (decision record 0040), again whenever the site's revision moves. */
  readonly content: SiteContent;
  /** Where `content`, the switches and the photos come from: the site as this instance holds it, refreshed once a second and by staff requests (decision record 0054). */
  snapshot: SiteSnapshot;
  logger: Logger;
  /** Who emails are from and what they show: name, address, phone, links. */
  brand: EmailBrand;
  /** The salon's photographs and the drawings that stand in for the rest, with their copies. */
  pictures: PictureLibrary;
  /** Makes every picture copy, content pictures' and photos' alike, ahead and a few at a time (decision record 0057). */
  copies: CopyMaker;
  /** Delivers queued messages; wake it after committing one so it goes at once. */
  outbox: OutboxWorker;
  /** The staff alerts' digest and the spent-budget email, looked at every minute (decision record 0050). */
  staffNotices: StaffNotices;
  /** Page views and quote-funnel steps, counted in memory and written every few seconds (decision 0031). */
  visits: VisitCounter;
  close(): Promise<void>;
}
