import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import { ensurePrivateDirSync, ensurePrivateFileSync } from "../private-files.server";
import type { Database } from "./schema";
import { isDatabaseBusy, siteSqliteDialect } from "./sqlite-driver.server";

export { isDatabaseBusy };

export type Engine = "sqlite" | "postgres";

export interface AppDatabase {
  db: Kysely<Database>;
  /**
   * The outbox worker's own connection to the same database (decision 0021): on
   * SQLite a second connection to the same WAL file, on PostgreSQL a pool of two.
   * The worker never queues behind the requests for `db`, so delivery keeps pace
   * while requests write.
   */
  worker: Kysely<Database>;
  engine: Engine;
  /** Where the data lives, without any password: for logs. */
  description: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent, SQLite at `sqlitePath`. */
  url?: string | undefined;
  sqlitePath: string;
  /** Told when an idle PostgreSQL connection breaks (the server restarted, say); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/** How long a SQLite write waits for the write lock before giving up. */
export const SQLITE_BUSY_TIMEOUT_MS = 2000;

/** The codes of a write refused for want of space: SQLite's, PostgreSQL's disk_full, and the file system's. */
const STORAGE_FULL_CODES = new Set(["SQLITE_FULL", "53100", "ENOSPC"]);

/**
 * Whether `error` is the storage refusing a write for want of space (the
 * disk is full): answered 507 with a message, never 500 (issue 31).
 */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && STORAGE_FULL_CODES.has(code);
}

export function openDatabase(options: DatabaseOptions): AppDatabase {
  if (options.url) {
    if (!/^postgres(ql)?:\/\//.test(options.url)) {
      throw new Error("DATABASE_URL must start with postgres:// (leave it unset for SQLite)");
    }
    const connect = (max: number) => {
      const pool = new pg.Pool({ connectionString: options.url, max });
      // Without a listener, a broken idle connection would crash the process.
      pool.on("error", (error) => options.onConnectionError?.(error));
      // …and so would one broken while a request holds it (the pool listens only to idle ones): the query in
      // flight fails with the error, and the pool drops the connection when it is released.
      pool.on("connect", (client) => client.on("error", () => {}));
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    };
    const url = new URL(options.url);
    // The worker sends one message at a time: two connections leave one spare while a claim is held.
    return opened(connect(10), connect(2), "postgres", `postgres ${url.hostname}:${url.port || 5432}${url.pathname}`);
  }

  // SQLite gives the WAL and SHM files the database file's permissions: make that one private first.
  ensurePrivateDirSync(path.dirname(options.sqlitePath));
  ensurePrivateFileSync(options.sqlitePath);
  for (const extra of ["-wal", "-shm"]) {
    if (fs.existsSync(options.sqlitePath + extra)) fs.chmodSync(options.sqlitePath + extra, 0o600);
  }
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // A write waits at most SQLITE_BUSY_TIMEOUT_MS for another process's write lock, on timers, never on the
  // event loop, then fails (SQLITE_BUSY) and the request answers 503 with Retry-After (server/create-app.ts).
  // Reads run on a connection of their own and never wait: WAL lets them read beside a writer (sqlite-driver.server.ts).
  const reader = new SQLite(options.sqlitePath);
  reader.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: siteSqliteDialect({ writer: sqlite, reader, busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS }) });
  // The worker's connection. better-sqlite3 waits for a lock synchronously, in this
  // process's only thread: if the lock is held by a request's transaction on the other
  // connection (open across an await), waiting would stall the very code that must
  // commit it. So this connection does not wait at all (busy_timeout 0): a busy
  // statement fails at once with SQLITE_BUSY and the worker retries it a few
  // milliseconds later, without blocking (worker.server.ts). Its statements are
  // single autocommit statements, so it never holds a lock the requests could meet.
  const workerSqlite = new SQLite(options.sqlitePath);
  workerSqlite.pragma("foreign_keys = ON");
  workerSqlite.pragma("busy_timeout = 0");
  return opened(db, new Kysely<Database>({ dialect: new SqliteDialect({ database: workerSqlite }) }), "sqlite", `sqlite ${options.sqlitePath}`);
}

const opened = (db: Kysely<Database>, worker: Kysely<Database>, engine: Engine, description: string): AppDatabase => ({
  db,
  worker,
  engine,
  description,
  close: async () => {
    await worker.destroy();
    await db.destroy();
  },
});

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. Safe to call at every start, from several processes. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Unordered: work on parallel branches claims migration numbers ahead of landing (see db/migrations/index.ts).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
