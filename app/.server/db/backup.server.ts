/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (API contract,
 * "Running the site"; decision 0030). Either engine:
 *
 * - SQLite: `VACUUM INTO` a temporary file beside FILE (one read transaction:
 *   a consistent copy while the site writes, in WAL mode without stopping it),
 *   marked with the site's application id, checked with `integrity_check`,
 *   then renamed into place.
 * - PostgreSQL: `pg_dump` in its custom format (one snapshot), read back with
 *   `pg_restore --list` before it is renamed into place.
 *
 * Either way the schema version is inside: the migrations table travels with
 * the data, and restore reads it before touching anything. Restore refuses a
 * file that is not such a backup, a backup made by a newer version of the site,
 * and a database the site still has open; it signs everyone out (sessions and
 * known devices are dropped), so a restore never brings back a session that
 * was signed out since.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { migrations } from "../../../db/migrations";

/** Written into every SQLite backup's header (`PRAGMA application_id`): "BHA1". */
export const SQLITE_BACKUP_APPLICATION_ID = 0x42484131;
/** What a restore empties: nobody stays signed in, and no browser is remembered. */
export const SIGNED_IN_STATE_TABLES = ["staff_sessions", "staff_devices"] as const;
/** Tables every backup of this site has (besides the migrations'): a file without them is someone else's. */
const SITE_TABLES = ["quotes", "outbox_messages", "staff_accounts", "staff_sessions"];
const MIGRATION_TABLE = "kysely_migration";

export interface DatabaseLocation {
  /** `postgres://…`, or undefined for SQLite at `sqlitePath`. */
  url: string | undefined;
  sqlitePath: string;
}

export interface BackupSummary {
  engine: "sqlite" | "postgres";
  file: string;
  bytes: number;
  /** The last migration the database had: the schema version the backup holds. */
  schemaVersion: string;
  migrations: number;
}

/** A refusal with a message meant for the person at the terminal. */
export class BackupError extends Error {}

export async function backupDatabase(location: DatabaseLocation, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist.`);
  const temporary = `${target}.partial-${process.pid}`;
  fs.rmSync(temporary, { force: true });
  try {
    const summary = location.url ? await backupPostgres(location.url, temporary) : backupSqlite(location.sqlitePath, temporary);
    fs.renameSync(temporary, target);
    return { ...summary, file: target, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<BackupSummary> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`There is no file ${source}.`);
  const kind = fileKind(source);
  if (location.url && kind !== "postgres") throw notABackup(source, kind === "sqlite" ? "it is a SQLite backup, and this site runs on PostgreSQL (DATABASE_URL is set)" : undefined);
  if (!location.url && kind !== "sqlite") throw notABackup(source, kind === "postgres" ? "it is a PostgreSQL backup, and this site runs on SQLite (DATABASE_URL is not set)" : undefined);
  const summary = location.url ? await restorePostgres(location.url, source) : restoreSqlite(location.sqlitePath, source);
  return { ...summary, file: source, bytes: fs.statSync(source).size };
}

function notABackup(file: string, why = "it is not a backup made by `npm run backup`"): BackupError {
  return new BackupError(`${file} cannot be restored: ${why}. Nothing was changed.`);
}

function fileKind(file: string): "sqlite" | "postgres" | "other" {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return "other";
}

/** The backup's migrations must all be ones this version of the site knows; returns the last. */
function checkMigrations(names: string[], file: string): string {
  if (names.length === 0) throw notABackup(file, "it holds no schema version");
  const unknown = names.filter((name) => !(name in migrations));
  if (unknown.length) {
    throw new BackupError(
      `${file} was made by a newer version of the site (its schema has ${unknown.join(", ")}, which this version does not know). ` +
        "Restore it with the version that made it. Nothing was changed.",
    );
  }
  return [...names].sort().at(-1)!;
}

// SQLite ---------------------------------------------------------------------

function backupSqlite(sqlitePath: string, temporary: string): Omit<BackupSummary, "file" | "bytes"> {
  if (!fs.existsSync(sqlitePath)) throw new BackupError(`There is no database at ${sqlitePath} (DATA_DIR): nothing to back up.`);
  const live = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    // One read transaction: the copy is the database as of its start, whatever the site writes meanwhile.
    live.prepare("VACUUM INTO ?").run(temporary);
  } finally {
    live.close();
  }
  fs.chmodSync(temporary, 0o600);
  const copy = new SQLite(temporary);
  try {
    copy.pragma(`application_id = ${SQLITE_BACKUP_APPLICATION_ID}`);
    return { engine: "sqlite", ...verifySqlite(copy, temporary) };
  } finally {
    copy.close();
  }
}

type Verified = Pick<BackupSummary, "schemaVersion" | "migrations">;

function verifySqlite(database: SQLite.Database, file: string): Verified {
  let problems: string[];
  try {
    problems = (database.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
  } catch (error) {
    throw notABackup(file, `SQLite cannot read it (${(error as Error).message})`);
  }
  if (problems.join() !== "ok") throw notABackup(file, `it is damaged (${problems.slice(0, 3).join("; ")})`);
  if (database.pragma("application_id", { simple: true }) !== SQLITE_BACKUP_APPLICATION_ID) throw notABackup(file);
  const tables = new Set((database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
  const missing = [MIGRATION_TABLE, ...SITE_TABLES].filter((t) => !tables.has(t));
  if (missing.length) throw notABackup(file, `it lacks the site's tables (${missing.join(", ")})`);
  const names = (database.prepare(`select name from ${MIGRATION_TABLE}`).all() as { name: string }[]).map((r) => r.name);
  return { schemaVersion: checkMigrations(names, file), migrations: names.length };
}

function restoreSqlite(sqlitePath: string, source: string): Omit<BackupSummary, "file" | "bytes"> {
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  let checked: Verified;
  try {
    checked = verifySqlite(backup, source);
  } finally {
    backup.close();
  }
  if (fs.existsSync(sqlitePath)) assertSqliteNotInUse(sqlitePath);
  fs.mkdirSync(path.dirname(sqlitePath), { recursive: true, mode: 0o700 });
  // Built beside the database, then renamed over it: a restore cut short leaves the old database whole.
  const temporary = `${sqlitePath}.restoring-${process.pid}`;
  try {
    fs.copyFileSync(source, temporary);
    fs.chmodSync(temporary, 0o600);
    const restored = new SQLite(temporary);
    try {
      restored.pragma("application_id = 0");
      restored.transaction(() => {
        for (const table of SIGNED_IN_STATE_TABLES) restored.prepare(`delete from ${table}`).run();
      })();
      restored.pragma("journal_mode = WAL");
    } finally {
      restored.close();
    }
    for (const extra of ["-wal", "-shm"]) fs.rmSync(sqlitePath + extra, { force: true });
    fs.renameSync(temporary, sqlitePath);
  } finally {
    for (const extra of ["", "-wal", "-shm"]) fs.rmSync(temporary + extra, { force: true });
  }
  return { engine: "sqlite", ...checked };
}

/**
 * A SQLite database in WAL mode cannot leave it while any other connection has
 * it open, and asking costs nothing when none has: a busy answer means the site
 * (or something else) is running on it.
 */
function assertSqliteNotInUse(sqlitePath: string): void {
  const probe = new SQLite(sqlitePath, { fileMustExist: true });
  try {
    probe.pragma("busy_timeout = 0");
    probe.pragma("journal_mode = DELETE");
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) {
      throw new BackupError(`The site is still running on ${sqlitePath}: stop it first, then restore. Nothing was changed.`);
    }
    throw error;
  } finally {
    probe.close();
  }
}

// PostgreSQL -------------------------------------------------------------------

function run(command: string, args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], env: options.env ?? process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} was not found. Install PostgreSQL's client programs (on Debian: apt-get install postgresql-client) of the server's version.`)
          : error,
      ),
    );
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(options.input);
  });
}

/**
 * The connection for the client programs, without the password on their command
 * line (where `ps` shows it): it goes to them in PGPASSWORD.
 */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function majorVersion(command: string): Promise<number> {
  const { code, stdout, stderr } = await run(command, ["--version"]);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (code !== 0 || !match) throw new BackupError(`${command} --version did not say its version: ${stderr.trim() || stdout.trim()}`);
  return Number(match[1]);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: "base-hair-backup" });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database in DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** pg_dump can read servers of its own major version and older; an older pg_dump refuses a newer server. */
async function checkClientVersion(url: string): Promise<void> {
  const server = await withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  });
  const [dump, restore] = await Promise.all([majorVersion("pg_dump"), majorVersion("pg_restore")]);
  if (dump < server || restore < server) {
    throw new BackupError(
      `The database server is PostgreSQL ${server}, but pg_dump is ${dump} and pg_restore ${restore}: ` +
        `install the client programs of version ${server} (on Debian: postgresql-client-${server}).`,
    );
  }
}

async function backupPostgres(url: string, temporary: string): Promise<Omit<BackupSummary, "file" | "bytes">> {
  await checkClientVersion(url);
  const { dbname, env } = clientConnection(url);
  // Custom format: compressed, one consistent snapshot, read back by pg_restore. Owners and grants are left out:
  // the restore makes everything belong to the account the site connects as.
  const dumped = await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${temporary}`, `--dbname=${dbname}`], { env });
  if (dumped.code !== 0) throw new BackupError(`pg_dump failed: ${dumped.stderr.trim()}`);
  fs.chmodSync(temporary, 0o600);
  return { engine: "postgres", ...(await verifyPostgres(temporary)) };
}

async function verifyPostgres(file: string): Promise<Verified> {
  const listed = await run("pg_restore", ["--list", file]);
  if (listed.code !== 0) throw notABackup(file, `pg_restore cannot read it (${listed.stderr.trim().split("\n")[0]})`);
  const tables = new Set([...listed.stdout.matchAll(/ TABLE DATA \S+ (\S+) /g)].map((m) => m[1]!));
  const missing = [MIGRATION_TABLE, ...SITE_TABLES].filter((t) => !tables.has(t));
  if (missing.length) throw notABackup(file, `it lacks the site's tables (${missing.join(", ")})`);
  // The schema version, read from inside the backup: the migrations table's rows.
  const data = await run("pg_restore", ["--data-only", `--table=${MIGRATION_TABLE}`, "--file=-", file]);
  if (data.code !== 0) throw notABackup(file, `pg_restore cannot read its schema version (${data.stderr.trim().split("\n")[0]})`);
  const copy = /^COPY \S+ \(([^)]*)\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(data.stdout);
  if (!copy) throw notABackup(file, "it holds no schema version");
  const nameColumn = copy[1]!.split(",").map((c) => c.trim().replaceAll('"', "")).indexOf("name");
  const names = copy[2]!.split("\n").filter(Boolean).map((line) => line.split("\t")[nameColumn]!);
  return { schemaVersion: checkMigrations(names, file), migrations: names.length };
}

async function restorePostgres(url: string, source: string): Promise<Omit<BackupSummary, "file" | "bytes">> {
  await checkClientVersion(url);
  const checked = await verifyPostgres(source);
  const others = await withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    return Number(rows[0]!.count);
  });
  if (others > 0) {
    throw new BackupError(
      `${others} other connection${others === 1 ? " is" : "s are"} open to this database: stop every instance of the site (and anything else using it) first, then restore. Nothing was changed.`,
    );
  }
  const { dbname, env } = clientConnection(url);
  // The backup as SQL, then run in one transaction with the old tables dropped first and the signed-in state emptied
  // last: it all happens, or nothing does.
  const script = `${source}.restore-${process.pid}.sql`;
  try {
    const written = await run("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, source]);
    if (written.code !== 0) throw new BackupError(`pg_restore failed: ${written.stderr.trim()}`);
    fs.chmodSync(script, 0o600);
    const input = [
      "\\set ON_ERROR_STOP on",
      "drop schema if exists public cascade;",
      "create schema public;",
      `\\i ${quoteForPsql(script)}`,
      ...SIGNED_IN_STATE_TABLES.map((table) => `delete from public.${table};`),
      "",
    ].join("\n");
    const applied = await run("psql", ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`], { input, env });
    if (applied.code !== 0) throw new BackupError(`The restore failed and was rolled back; the database is as it was. ${applied.stderr.trim()}`);
  } finally {
    fs.rmSync(script, { force: true });
  }
  return { engine: "postgres", ...checked };
}

function quoteForPsql(file: string): string {
  return `'${file.replaceAll("'", "''")}'`;
}
