import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";
import { migrations } from "../../../db/migrations";
import { ensurePrivateDirSync, ensurePrivateFileSync } from "../private-files.server";
import type { Database } from "./schema";

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

/** Whether `error` is SQLite saying another connection holds the lock it needed. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

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
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, a broken idle connection would crash the process.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // …and so would one broken while a request holds it (the pool listens only to idle ones): the query in
    // flight fails with the error, and the pool drops the connection when it is released.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // The worker sends one message at a time: two connections leave one spare while a claim is held.
    const workerPool = new pg.Pool({ connectionString: options.url, max: 2 });
    workerPool.on("error", (error) => options.onConnectionError?.(error));
    workerPool.on("connect", (client) => client.on("error", () => {}));
    const worker = new Kysely<Database>({ dialect: new PostgresDialect({ pool: workerPool }) });
    const url = new URL(options.url);
    return {
      db,
      worker,
      engine: "postgres",
      description: `postgres ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: async () => {
        await worker.destroy();
        await db.destroy();
      },
    };
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
  // A write waits at most this long for another process's write lock, then fails (SQLITE_BUSY), and the
  // request answers 503 with Retry-After (server/create-app.ts). better-sqlite3 waits synchronously, so
  // the wait holds up the process: 2 s, not longer. Reads never wait: WAL lets them read beside a writer.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({ dialect: new SiteSqliteDialect({ database: withStatementCache(sqlite) }) });
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
  const worker = new Kysely<Database>({ dialect: new SqliteDialect({ database: workerSqlite }) });
  return {
    db,
    worker,
    engine: "sqlite",
    description: `sqlite ${options.sqlitePath}`,
    close: async () => {
      await worker.destroy();
      await db.destroy();
    },
  };
}

/**
 * SQLite ends a transaction by itself when a write fails for want of room
 * (SQLITE_FULL: a full disk) and on some other errors. Kysely then sends its
 * own ROLLBACK, which fails ("no transaction is active") and would take the
 * place of the error that mattered: the request would answer 500 rather than
 * 507. A rollback with nothing left to roll back is done, not an error.
 */
class SiteSqliteDriver extends SqliteDriver {
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (!/no transaction is active/.test((error as Error | null)?.message ?? "")) throw error;
    }
  }
}

class SiteSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new SiteSqliteDriver(this.settings);
  }
}

/** How many prepared statements a SQLite connection keeps: the site's queries, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing costs more than running most
 * of ours (a profile of quote saves, issue 13). The connection keeps each
 * query's statement, by its SQL text, and reuses it. Safe because
 * better-sqlite3 runs a statement to the end before the next one starts (the
 * site never streams a query's rows, which would hold a statement open), and
 * SQLite prepares a statement again by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig["database"] {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

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
