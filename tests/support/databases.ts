/**
 * Real databases for tests: a fresh SQLite file, or a fresh database on the
 * PostgreSQL server (127.0.0.1:5432 unless TEST_POSTGRES_URL says otherwise),
 * dropped again afterwards.
 *
 * A migrated one is a copy of a template that was migrated once: the SQLite
 * file copied, or PostgreSQL's CREATE DATABASE … TEMPLATE. Running every
 * migration for each of the suite's hundred-odd databases took two seconds
 * apiece on PostgreSQL. The template is named after the migrations' source, so
 * a changed migration gets a template of its own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
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

/** The SQLite file the site opens in DATA_DIR (config.server.ts). */
export const sqliteFileName = "base.sqlite";

const migrationsDir = path.resolve("db/migrations");
/** A name for the current migrations: their files' names and contents. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(migrationsDir).sort()) hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  return hash.digest("hex").slice(0, 12);
}

let sqliteTemplate: Promise<string> | undefined;
/**
 * A migrated SQLite file, one for each set of migrations on this machine (as PostgreSQL's template below):
 * shared by every worker and run, and made at most once unless two workers make it at the same moment.
 * It is put in place whole, by rename, so no reader sees half of it.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `bha-sqlite-template-${migrationsHash()}.sqlite`);
    if (fs.existsSync(file)) return file;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-sqlite-template-"));
    try {
      const making = path.join(dir, sqliteFileName);
      const opened = openDatabase({ url: undefined, sqlitePath: making });
      await migrateToLatest(opened.db);
      await opened.close();
      fs.renameSync(making, file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return file;
  })();
  return sqliteTemplate;
}

async function connectAdmin(): Promise<pg.Client> {
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
  return admin;
}

function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Templates kept on the server: the current one and the few before it (other branches' runs may be using them). */
const TEMPLATES_KEPT = 3;

/**
 * The migrated PostgreSQL template for the current migrations, made by the first process that needs it
 * (an advisory lock keeps the suite's other workers, and other runs on the server, waiting meanwhile).
 */
async function migratedPostgresTemplate(admin: pg.Client): Promise<string> {
  const name = `bha_tpl_${migrationsHash()}`;
  const exists = async () => (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query("select pg_advisory_lock(hashtext('bha test templates'))");
  try {
    if (await exists()) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const opened = openDatabase({ url: databaseUrl(building), sqlitePath: "" });
    try {
      await migrateToLatest(opened.db);
    } finally {
      await opened.close();
    }
    // Renamed only when whole, and closed to connections (a copy needs the template to itself).
    await admin.query(`alter database ${building} rename to ${name}`);
    await admin.query(`alter database ${name} with is_template true allow_connections false`);
    const { rows: older } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'bha\\_tpl\\_%' and datname <> $1 order by oid desc offset $2",
      [name, TEMPLATES_KEPT - 1],
    );
    for (const { datname } of older) {
      // Another run may be copying it this moment: then it stays until a later run.
      await admin.query(`alter database ${datname} with is_template false`).catch(() => undefined);
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('bha test templates'))");
  }
}

export interface CreateOptions {
  /** Already migrated to the latest schema (a copy of a migrated template), rather than empty. */
  migrated?: boolean;
}

export async function createTestDatabase(engine: TestEngine, options: CreateOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bha-${engine}-`));
  if (engine === "sqlite") {
    if (options.migrated) fs.copyFileSync(await migratedSqliteFile(), path.join(dataDir, sqliteFileName));
    return { engine, url: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bha_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = await connectAdmin();
  try {
    const template = options.migrated ? ` template ${await migratedPostgresTemplate(admin)}` : "";
    await admin.query(`create database ${name}${template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  return {
    engine,
    url,
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
  const database = await createTestDatabase(engine, { migrated: true });
  const opened = openDatabase({ url: database.url, sqlitePath: path.join(database.dataDir, sqliteFileName) });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await database.drop();
    },
  };
}

/** The answers every applicant row a test stores directly shares; each test adds the name, dates and state it is about. */
export const storedApplicantAnswers = {
  role: "Apprentice",
  position: "school",
  about: "a",
  why_hair: "b",
  why_us: "c",
  salon: 3,
  possible_duplicate: 0,
} as const;
