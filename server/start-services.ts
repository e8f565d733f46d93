/**
 * The composition root: everything the site runs on, made once at start.
 * Reads and checks the content, opens and migrates the database, seeds the
 * catalogue, applies STAFF_ACCOUNTS, starts the outbox worker and schedules the
 * daily purge. Route loaders and the /api reach these through AppServices;
 * modules get the parts they need as arguments.
 */
import path from "node:path";
import type { Config } from "~/.server/config.server";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { createLogger, type Logger } from "~/.server/logger.server";
import { createEmailTransport, createSmsTransport } from "~/.server/outbox/transports.server";
import { OutboxWorker } from "~/.server/outbox/worker.server";
import { purgeStaffNotices, StaffNotices } from "~/.server/outbox/staff-notices.server";
import { purgeExpired } from "~/modules/privacy/purge.server";
import { openPictureLibrary } from "~/modules/images/picture-library.server";
import { syncStaffAccounts } from "~/modules/staff/accounts.server";
import { purgeStaffState } from "~/modules/staff/housekeeping.server";
import { sendDueDigest } from "~/modules/applicants/due-digest.server";
import type { Settings } from "~/modules/site/content-schema";
import { emailBrand } from "~/modules/site/email-brand";
import { VisitCounter } from "~/modules/visits/visits.server";
import { loadContent, type SiteContent } from "~/modules/site/load-content.server";
import { seedPhotos } from "~/modules/photos/photo-folder.server";
import { readContentFiles, seedContentFiles } from "~/modules/site/content-store.server";
import { SiteSnapshot } from "~/web/site-snapshot.server";
import { seedContent } from "~/modules/site/seed-content.server";
import { purgeOutboxCounts } from "~/.server/outbox/outbox.server";
import { QUOTE_EMAIL_TEMPLATE, quoteEmailRenderer } from "~/modules/quotes/quote-messages.server";
import { invitationCalendarMaker } from "~/modules/applicants/invitations.server";
import { invitationEmailTemplates } from "~/modules/applicants/invitations";
import type { AppServices } from "~/web/services";
import { CopyMaker } from "~/modules/images/copies.server";
import { pictureNamesNow } from "./image-cache";
import { photoCacheDir, preparePhotoCopies } from "./photos";

export type { AppServices };

export async function startServices(config: Config, logger: Logger = createLogger(config.logLevel, config.logFile)): Promise<AppServices> {
  const database = openDatabase({
    url: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onConnectionError: (error) => logger.warn({ err: error }, "a database connection broke; the pool will replace it"),
  });
  let pictures: AppServices["pictures"];
  let snapshot: SiteSnapshot;
  // The pictures' copies: made ahead, a few at a time, off the request path (decision record 0057).
  const copies = await CopyMaker.open([path.join(config.dataDir, "images"), config.pictureCopiesDir, photoCacheDir(config.dataDir)]);
  const logCopiesError = (error: unknown) => logger.error({ err: error }, "picture copies could not be made ahead; each is made when asked for");
  try {
    const applied = await migrateToLatest(database.db);
    // The database holds the content; CONTENT_DIR seeds it when it has none (decision record 0040).
    const files = await seedContentFiles(database.db, database.engine, config.contentDir);
    if (files.differs) {
      logger.warn({ contentDir: config.contentDir }, "the content files differ from the site's content in the database, which is the one shown: to use the files, run npm run content -- import DIR");
    }
    const content = loadContent(await readContentFiles(database.db));
    const seeded = await seedContent(database.db, database.engine, content);
    // An exported site's photos, when the database has none (decision record 0042).
    await seedPhotos(database.db, database.engine, path.join(config.contentDir, "images"));
    // The site as this instance holds it, taken once everything is seeded (decision record 0054).
    snapshot = await SiteSnapshot.open(
      database.db,
      (error) => logger.error({ err: error }, "the site's snapshot was not refreshed; the last one is still shown"),
      // A photo uploaded or imported, on this instance or another: its copies are made before a page names it here.
      () => void preparePhotoCopies(database.db, config.dataDir, copies).catch(logCopiesError),
    );
    await syncStaffAccounts(database.db, config.staffAccounts, logger);
    logger.info({ database: database.description, migrations: applied, contentUpdated: seeded.updated }, "services started");
    // The pictures: files under content/images (the salon's photographs, or the sample pictures).
    pictures = await openPictureLibrary({ photosDir: path.join(config.contentDir, "images"), copiesDir: config.pictureCopiesDir, copies });
    // Queued, not awaited: the site answers meanwhile, and a request for a copy not made yet waits for it.
    const begun = Date.now();
    void Promise.all([pictures.prepare(), preparePhotoCopies(database.db, config.dataDir, copies)])
      .then(async () => {
        const waiting = copies.waiting;
        await copies.idle();
        if (waiting > 0) logger.info({ copies: copies.stats.made, ms: Date.now() - begun }, "picture copies made");
      })
      .catch(logCopiesError);
    const missing = pictures.missing(await pictureNamesNow(content, database.db));
    if (missing.length > 0) {
      logger.warn(
        { missing: missing.map((name) => `content/images/${name}.jpg`) },
        `${missing.length} pictures have no file and show as a plain tile: add a photograph under each name, or run npm run sample-pictures`,
      );
    }
  } catch (error) {
    await copies.close();
    await database.close();
    throw error;
  }
  // The settings and the emails' brand (the salon's name, phone, words for emails) follow the content as the studio changes it,
  // the settings with the mail addresses the environment overrides.
  const derive = (content: SiteContent) => {
    const { mail } = content.settings;
    const settings: Settings = { ...content.settings, mail: { from: config.mailFrom ?? mail.from, staffNotify: config.staffNotifyEmail ?? mail.staffNotify } };
    return { content, settings, brand: emailBrand(settings, config.publicUrl, content.copy.text.words) };
  };
  let derived = derive(snapshot.current.content);
  const current = () => {
    if (derived.content !== snapshot.current.content) derived = derive(snapshot.current.content);
    return derived;
  };
  const currentSettings = () => current().settings;
  const currentBrand = () => current().brand;
  const settings = currentSettings();
  const email = createEmailTransport(config, settings.mail.from, logger);
  const invitationCalendar = invitationCalendarMaker(database.worker, currentBrand(), settings.mail.from);
  const outbox = new OutboxWorker(
    {
      db: database.worker,
      engine: database.engine,
      logger,
      transports: { email, sms: createSmsTransport(config, logger) },
      // A quote's email is rendered as it is sent, from the stored quote, not in the visitor's request.
      renderers: { [QUOTE_EMAIL_TEMPLATE]: quoteEmailRenderer(database.worker, currentBrand) },
      // An invitation's calendar file is made as its email leaves, from the stored invitation.
      calendars: Object.fromEntries(Object.values(invitationEmailTemplates).map((template) => [template, invitationCalendar])),
    },
    { pollMs: config.outbox.pollMs, retryBaseMs: config.outbox.retryBaseMs, leaseMs: config.outbox.leaseMs },
  );
  outbox.start();
  // Staff alerts past their budget, combined in a digest; the visitors' budget spent, said once an hour (decision record 0050).
  const staffNotices = new StaffNotices({ db: database.db, logger, outbox, config, brand: currentBrand, staffNotify: () => currentSettings().mail.staffNotify });
  staffNotices.start();
  const visits = new VisitCounter(database.db, { onError: (error) => logger.warn({ err: error }, "visit counts not written yet; kept for the next try") });
  visits.start();
  snapshot.start();

  // Keep the privacy page's promises: delete expired records now and once a day.
  const purge = () =>
    Promise.all([
      purgeExpired(database.db, new Date(), config.applicantRetention),
      purgeStaffState(database.db),
      purgeOutboxCounts(database.db),
      purgeStaffNotices(database.db),
    ])
      .then(([removed, staff, counts, notices]) =>
        logger.info({ removed: { ...removed, ...staff, outbox_counts: counts, staff_notices: notices } }, "expired records deleted"),
      )
      .catch((error: unknown) => logger.error({ err: error }, "deleting expired records failed"));
  // The morning email of what is due: looked at every hour, sent once a salon day from 08:00.
  const digest = () =>
    sendDueDigest({ db: database.db, brand: currentBrand(), settings: currentSettings(), outbox, config }).catch((error: unknown) =>
      logger.error({ err: error }, "the morning email of what is due failed"),
    );
  // Each runs now, then every `ms`.
  const timers = ([[purge, 24 * 60 * 60 * 1000], [digest, 60 * 60 * 1000]] as const).map(([run, ms]) => {
    void run();
    return setInterval(() => void run(), ms).unref();
  });
  return {
    config,
    db: database.db,
    engine: database.engine,
    get settings() {
      return currentSettings();
    },
    get content() {
      return snapshot.current.content;
    },
    snapshot,
    logger,
    get brand() {
      return currentBrand();
    },
    pictures,
    copies,
    outbox,
    staffNotices,
    visits,
    close: async () => {
      // Let sends in progress be recorded before the database goes, and the last visits counted.
      timers.forEach(clearInterval);
      await snapshot.stop();
      await visits.stop();
      await staffNotices.stop();
      await outbox.stop();
      await copies.close();
      email.close?.();
      await database.close();
    },
  };
}
