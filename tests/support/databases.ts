/**
 * Real databases for tests: a fresh SQLite file, or a fresh database on the
 * PostgreSQL server (127.0.0.1:5432 unless TEST_POSTGRES_URL says otherwise),
 * dropped again afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";

export type TestEngine = "sqlite" | "postgres";

/** Both engines, so every data test runs on each. */
export const engines: TestEngine[] = ["sqlite", "postgres"];

export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  engine: TestEngine;
  /** DATABASE_URL for the app (undefined for SQLite). */
  url: string | undefined;
  /** DATA_DIR for the app: a fresh temporary folder. */
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bha-${engine}-`));
  if (engine === "sqlite") {
    return { engine, url: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bha_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `These tests need PostgreSQL at ${postgresAdminUrl} (${(error as Error).message}). ` +
        "Start it (on Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) " +
        "or point TEST_POSTGRES_URL at a server where this user may create databases.",
      { cause: error },
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    engine,
    url: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database of `engine`, migrated and opened: for tests of modules below the HTTP layer. */
export async function openMigratedTestDatabase(engine: TestEngine) {
  const database = await createTestDatabase(engine);
  const opened = openDatabase({ url: database.url, sqlitePath: path.join(database.dataDir, "db.sqlite") });
  await migrateToLatest(opened.db);
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await database.drop();
    },
  };
}
