import type { Kysely } from "kysely";
import type { Settings } from "~/modules/content/content-schema";
import { loadContent } from "~/modules/content/load-content.server";
import { seedContent } from "~/modules/content/seed-content.server";
import type { Config } from "./config.server";
import { migrateToLatest, openDatabase, type Engine } from "./db/database.server";
import type { Database } from "./db/schema";
import { createLogger, type Logger } from "./logger.server";
import { emailBrand } from "./notifications/render.server";
import type { EmailBrand } from "./notifications/layout";
import { createEmailTransport, createSmsTransport } from "./outbox/transports.server";
import { OutboxWorker } from "./outbox/worker.server";

/** Everything a request handler may need, made once at start and closed at shutdown. */
export interface AppServices {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  settings: Settings;
  logger: Logger;
  /** Who emails are from and what they show: name, address, phone, links. */
  brand: EmailBrand;
  /** Delivers queued messages; wake it after committing one so it goes at once. */
  outbox: OutboxWorker;
  close(): Promise<void>;
}

export async function startServices(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<AppServices> {
  const content = loadContent(config.contentDir);
  const database = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    const applied = await migrateToLatest(database.db);
    const seeded = await seedContent(database.db, database.engine, content);
    logger.info(
      { database: database.description, migrations: applied, contentUpdated: seeded.updated },
      "services started",
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  const settings: Settings = {
    ...content.settings,
    mail: {
      from: config.mailFrom ?? content.settings.mail.from,
      staffNotify: config.staffNotifyEmail ?? content.settings.mail.staffNotify,
    },
  };
  const email = createEmailTransport(config, settings.mail.from, logger);
  const outbox = new OutboxWorker(
    { db: database.db, engine: database.engine, logger, transports: { email, sms: createSmsTransport(config, logger) } },
    { pollMs: config.outbox.pollMs, retryBaseMs: config.outbox.retryBaseMs },
  );
  outbox.start();
  return {
    config,
    db: database.db,
    engine: database.engine,
    settings,
    logger,
    brand: emailBrand(settings, config.publicUrl),
    outbox,
    close: async () => {
      // Let sends in progress be recorded before the database goes.
      await outbox.stop();
      email.close?.();
      await database.close();
    },
  };
}
