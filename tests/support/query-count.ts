/**
 * Counts the statements this process sends to either database, at the driver:
 * every PostgreSQL query a pg client sends and every SQLite statement
 * better-sqlite3 runs, whoever asks (the app's Kysely, its worker, anything).
 * In-process test servers (test-server.ts) share the process, so a test sees
 * every statement the servers it started run.
 */
import SQLite from "better-sqlite3";
import pg from "pg";

export interface QueryCount {
  /** Each statement's text, in the order they ran. */
  readonly texts: string[];
  stop(): void;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** A statement kept for the life of the process, to reach their shared prototype (closing its database while it lives would crash the driver). */
const probe = new SQLite(":memory:").prepare("select 1");

export function countQueries(): QueryCount {
  const texts: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = (target: Record<string, unknown>, name: string, textOf: (self: unknown, args: unknown[]) => string) => {
    const original = target[name] as Method;
    target[name] = function (this: unknown, ...args: unknown[]) {
      texts.push(textOf(this, args));
      return original.apply(this, args);
    };
    restore.push(() => (target[name] = original));
  };
  const pgQuery = pg.Client.prototype as unknown as Record<string, unknown>;
  wrap(pgQuery, "query", (_self, [query]) => (typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text ?? "")));
  const statement = Object.getPrototypeOf(probe) as Record<string, unknown>;
  for (const name of ["run", "get", "all", "iterate"]) wrap(statement, name, (self) => (self as { source: string }).source);
  return {
    texts,
    stop: () => {
      for (const undo of restore.reverse()) undo();
    },
  };
}
