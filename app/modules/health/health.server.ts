/**
 * What `GET /healthz` reports (API contract, "Running the site"): whether the
 * database answers and takes writes, whether the disk where the site writes
 * has room, and how the outbox is keeping up. Counts and an age only: nothing
 * personal, no versions, no paths.
 */
import fsp from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import { isDatabaseBusy, type Engine } from "~/.server/db/database.server";
import type { Database } from "~/.server/db/schema";
import { diskState, type DiskState } from "./disk";

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable" | "read-only";
  disk: DiskState;
  outbox?: { waiting: number; oldest_waiting_seconds: number };
}

/** A check that takes longer than this counts as the database not answering (a load balancer waits a few seconds at most). */
export const HEALTH_TIMEOUT_MS = 2_000;

/** The database (or its lock) kept the check waiting. */
class Late extends Error {}

/** How long the write waits: past it, the write is held up by another writer's lock, not refused. */
export const WRITE_PROBE_WAIT_MS = 500;

/**
 * Proves the database takes writes: the one row of health_checks written
 * (issue 31: "/healthz says ok with a read-only database"). A write held up by
 * another writer's lock is not a read-only database: busy, or not done within
 * WRITE_PROBE_WAIT_MS, it counts as writable (the requests that write say busy
 * themselves), and the check answers promptly meanwhile.
 */
async function writeProbe(db: Kysely<Database>, engine: Engine, now: Date): Promise<"ok" | "read-only"> {
  const checkedAt = now.toISOString();
  let timer: NodeJS.Timeout | undefined;
  const within = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Late("the write is waiting for a lock")), WRITE_PROBE_WAIT_MS);
  });
  try {
    const write = (trx: Kysely<Database>) =>
      trx
        .insertInto("health_checks")
        .values({ id: 1, checked_at: checkedAt })
        .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: checkedAt }))
        .execute();
    // On PostgreSQL the commit need not wait for the disk's flush: the write is the proof, not its keeping.
    const probe =
      engine === "postgres"
        ? db.transaction().execute(async (trx) => {
            await sql`set local synchronous_commit = off`.execute(trx);
            await write(trx);
          })
        : write(db);
    await Promise.race([probe, within]);
    return "ok";
  } catch (error) {
    return error instanceof Late || isDatabaseBusy(error) ? "ok" : "read-only";
  } finally {
    clearTimeout(timer);
  }
}

/** How full the filesystem holding `dir` is; `ok` when it cannot be read (the database's check says the rest). */
async function diskOf(dir: string): Promise<DiskState> {
  try {
    const { bavail, blocks } = await fsp.statfs(dir);
    return diskState({ available: bavail, total: blocks });
  } catch {
    return "ok";
  }
}

/**
 * Pings the database, reads the outbox's queue (messages waiting to go:
 * `pending`, or `sending` under a claim; not those held until later) and the
 * age of the oldest in whole seconds, proves a write, and measures the disk
 * under `dataDir`. Never throws: no answer within the timeout, or any failure
 * to read, is `database: "unreachable"`, with the error for the log.
 */
export async function checkHealth(
  db: Kysely<Database>,
  where: { engine: Engine; dataDir: string },
  now: Date = new Date(),
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<{ health: Health; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const disk = diskOf(where.dataDir);
  try {
    const row = await Promise.race([
      db
        .selectFrom("outbox_messages")
        .select([(eb) => eb.fn.countAll<number | string>().as("waiting"), (eb) => eb.fn.min("created_at").as("oldest")])
        .where("status", "in", ["pending", "sending"])
        // A message held until a later time (a reminder texted the day before an interview) is not late.
        .where((eb) => eb.or([eb("held_until", "is", null), eb("held_until", "<=", now.toISOString())]))
        .executeTakeFirstOrThrow(),
      timeout,
    ]);
    // The query above already proves the connection; this keeps the ping explicit for engines that cache pages.
    await Promise.race([sql`select 1`.execute(db), timeout]);
    const database = await writeProbe(db, where.engine, now);
    const waiting = Number(row.waiting);
    const oldest = row.oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(row.oldest)) / 1000)) : 0;
    const found = await disk;
    const status = database === "ok" && found === "ok" ? "ok" : "unavailable";
    return { health: { status, database, disk: found, outbox: { waiting, oldest_waiting_seconds: waiting ? oldest : 0 } } };
  } catch (error) {
    return { health: { status: "unavailable", database: "unreachable", disk: await disk }, error };
  } finally {
    clearTimeout(timer);
  }
}
