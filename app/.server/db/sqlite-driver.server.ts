/**
 * The site's SQLite connections for Kysely (issue 31: "while another process
 * holds the write lock, reads stall too"). better-sqlite3 runs every statement
 * synchronously in the process's only thread, so SQLite's own busy_timeout
 * would wait for another process's write lock on the event loop, stalling every
 * request, reads included. And Kysely's own SQLite driver runs everything
 * through one connection behind one mutex, so a read queued behind a write
 * that waits for the lock waits as long.
 *
 * So here:
 * - reads (a statement SQLite itself calls read-only, outside a transaction)
 *   run at once on a connection of their own, which WAL lets read beside any
 *   writer, in this process or another;
 * - writes and transactions take this process's write turn, one at a time, on
 *   the writing connection, whose busy_timeout is 0: a busy write or `BEGIN
 *   IMMEDIATE` is tried again after a few milliseconds of timers (never a busy
 *   wait), until `busyTimeoutMs` after it was asked for, then fails with
 *   SQLITE_BUSY, which a request answers with 503 (app/web/database-busy.ts).
 *
 * Transactions begin IMMEDIATE: the lock is taken at the start, so no statement
 * inside one can meet the lock half way through.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/** Whether `error` is SQLite saying another connection holds the lock it needed. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/** The longest pause between two tries for the write lock. */
const MAX_PAUSE_MS = 50;

/**
 * Runs `attempt` until it does not fail busy, pausing on timers between tries
 * (5, 10, 20, 40, 50, 50… ms), the last try at `deadline`; then the busy error.
 */
export async function whenNotBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let pause = 5; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return attempt();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isDatabaseBusy(error) || left <= 0) throw error;
      await sleep(Math.min(pause, left));
    }
  }
}

/** This process's turn to write: one writer (a statement or a whole transaction) at a time, first come first served. */
class WriteTurn {
  #queue: (() => void)[] = [];
  #taken = false;

  async take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return;
    }
    await new Promise<void>((resolve) => this.#queue.push(resolve));
  }

  give(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#taken = false;
  }
}

/** How many prepared statements a connection keeps: the site's queries, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; preparing costs more than running most
 * of ours (a profile of quote saves, issue 13). Each connection keeps each
 * query's statement, by its SQL text, and reuses it. Safe because
 * better-sqlite3 runs a statement to the end before the next one starts (the
 * site never streams a query's rows), and SQLite prepares a statement again by
 * itself after a schema change.
 */
function statementCache(sqlite: SQLite.Database): (sql: string) => SQLite.Statement {
  const statements = new Map<string, SQLite.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

export interface SiteSqliteOptions {
  /** The connection that writes; its busy_timeout is set to 0 here. */
  writer: SQLite.Database;
  /** A second connection to the same file, for reads; made query-only here. */
  reader: SQLite.Database;
  busyTimeoutMs: number;
}

class SiteSqliteDriver implements Driver {
  readonly #writer: SQLite.Database;
  readonly #reader: SQLite.Database;
  readonly #write: (sql: string) => SQLite.Statement;
  readonly #read: (sql: string) => SQLite.Statement;
  readonly #turn = new WriteTurn();
  readonly #busyTimeoutMs: number;

  constructor(options: SiteSqliteOptions) {
    this.#writer = options.writer;
    this.#reader = options.reader;
    this.#writer.pragma("busy_timeout = 0");
    this.#reader.pragma("busy_timeout = 0");
    this.#reader.pragma("query_only = ON");
    this.#write = statementCache(this.#writer);
    this.#read = statementCache(this.#reader);
    this.#busyTimeoutMs = options.busyTimeoutMs;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SiteSqliteConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + this.#busyTimeoutMs;
    await this.#turn.take();
    try {
      await whenNotBusy(() => this.#writer.exec("BEGIN IMMEDIATE"), deadline);
    } catch (error) {
      this.#turn.give();
      throw error;
    }
    (connection as SiteSqliteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed commit throws with the transaction still open: Kysely rolls it back, which ends the turn.
    this.#writer.exec("COMMIT");
    this.#end(connection as SiteSqliteConnection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.#writer.inTransaction) this.#writer.exec("ROLLBACK");
    } finally {
      this.#end(connection as SiteSqliteConnection);
    }
  }

  #end(connection: SiteSqliteConnection): void {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    this.#turn.give();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.#reader.close();
    this.#writer.close();
  }

  /** A statement inside this connection's transaction: on the writing connection, whose turn the transaction holds. */
  inside(query: CompiledQuery): QueryResult<unknown> {
    return run(this.#write(query.sql), query.parameters);
  }

  /** A statement on its own: a read at once on the reading connection, a write in its turn, retried while another process writes. */
  async alone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    let readable: SQLite.Statement | undefined;
    try {
      readable = this.#read(query.sql);
    } catch {
      // Not a statement the reading connection can prepare (a schema change, say): the writer runs it.
    }
    if (readable?.readonly) return run(readable, query.parameters);
    const deadline = Date.now() + this.#busyTimeoutMs;
    await this.#turn.take();
    try {
      return await whenNotBusy(() => run(this.#write(query.sql), query.parameters), deadline);
    } finally {
      this.#turn.give();
    }
  }
}

class SiteSqliteConnection implements DatabaseConnection {
  inTransaction = false;
  readonly #driver: SiteSqliteDriver;

  constructor(driver: SiteSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.inTransaction ? this.#driver.inside(query) : await this.#driver.alone(query)) as QueryResult<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("The site does not stream SQLite queries");
  }
}

/** Kysely's SQLite adapter, told the driver keeps its own connections (so Kysely puts no mutex of its own in front). */
class SiteSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export function siteSqliteDialect(options: SiteSqliteOptions): Dialect {
  return {
    createDriver: () => new SiteSqliteDriver(options),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SiteSqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
