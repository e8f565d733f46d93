/**
 * Staff accounts: a display name and a PIN kept only as an argon2id hash.
 * Used by `npm run staff` and, through STAFF_ACCOUNTS, at every start.
 * Changing a PIN or removing an account ends its sessions and forgets its
 * devices (the foreign keys cascade on removal).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { hashPin, pinMatches } from "./pin-hash.server";
import { newPinProblem } from "./breached-pins.server";
import { nameKey, nameProblem, parseStaffAccounts } from "./pin-rules";
import type { StaffRole } from "./roles";

/** Who a staff member is, without what they may do: enough to sign them in or name them in the audit trail. */
export type StaffIdentity = Pick<StaffMember, "id" | "name">;

export interface StaffMember {
  id: number;
  name: string;
  role: StaffRole;
}

export class StaffAccountError extends Error {}

function check(name: string, pin: string) {
  const problem = nameProblem(name.trim()) ?? newPinProblem(pin);
  if (problem) throw new StaffAccountError(problem);
}

/** Refuses a PIN another member uses: sign-in tells staff apart by PIN alone. */
async function refuseSharedPin(db: Kysely<Database>, pin: string, exceptId?: number): Promise<void> {
  const accounts = await db.selectFrom("staff_accounts").select(["id", "pin_hash"]).execute();
  for (const account of accounts) {
    if (account.id !== exceptId && (await pinMatches(account.pin_hash, pin))) throw new StaffAccountError("Another staff member already uses that PIN: choose a different one.");
  }
}

/** The account called `name` (without regard to case), with its PIN hash: for checking a sign-in. */
export async function findStaffByName(db: Kysely<Database>, name: string): Promise<(StaffMember & { pin_hash: string }) | undefined> {
  return db.selectFrom("staff_accounts").select(["id", "name", "role", "pin_hash"]).where("name_key", "=", nameKey(name)).executeTakeFirst();
}

export async function addStaff(db: Kysely<Database>, name: string, pin: string, role: StaffRole = "manager", now = new Date()): Promise<StaffMember> {
  check(name, pin);
  const display = name.trim();
  if (await findStaffByName(db, display)) throw new StaffAccountError(`There is already a staff member called ${display}.`);
  await refuseSharedPin(db, pin);
  const at = now.toISOString();
  const { id } = await db
    .insertInto("staff_accounts")
    .values({ name: display, name_key: nameKey(display), pin_hash: await hashPin(pin), role, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Added again on purpose: no longer a removed account.
  await db.deleteFrom("staff_account_tombstones").where("name_key", "=", nameKey(display)).execute();
  return { id, name: display, role };
}

/** Sets a new PIN; every session and known device of the account ends. */
export async function resetPin(db: Kysely<Database>, name: string, pin: string, now = new Date()): Promise<StaffMember> {
  check(name, pin);
  const account = await findStaffByName(db, name);
  if (!account) throw new StaffAccountError(`There is no staff member called ${name.trim()}.`);
  await refuseSharedPin(db, pin, account.id);
  const pinHash = await hashPin(pin);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff_accounts").set({ pin_hash: pinHash, updated_at: now.toISOString() }).where("id", "=", account.id).execute();
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_devices").where("staff_id", "=", account.id).execute();
  });
  return { id: account.id, name: account.name, role: account.role };
}

export async function removeStaff(db: Kysely<Database>, name: string): Promise<StaffMember> {
  const account = await findStaffByName(db, name);
  if (!account) throw new StaffAccountError(`There is no staff member called ${name.trim()}.`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_devices").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_accounts").where("id", "=", account.id).execute();
    // STAFF_ACCOUNTS may still list them: the next start must not bring them back.
    await trx
      .insertInto("staff_account_tombstones")
      .values({ name_key: nameKey(account.name), removed_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("name_key").doUpdateSet({ removed_at: new Date().toISOString() }))
      .execute();
  });
  return { id: account.id, name: account.name, role: account.role };
}

/** Every account, with how many sessions it has still open. */
export async function listStaff(db: Kysely<Database>, now = new Date()) {
  const rows = await db
    .selectFrom("staff_accounts as a")
    .leftJoin("staff_sessions as s", (join) => join.onRef("s.staff_id", "=", "a.id").on("s.expires_at", ">", now.toISOString()))
    .select(["a.id", "a.name", "a.role", "a.created_at", "a.updated_at", (eb) => eb.fn.count<number | string>("s.id_hash").as("sessions")])
    .groupBy(["a.id", "a.name", "a.role", "a.created_at", "a.updated_at"])
    .orderBy("a.name_key")
    .execute();
  return rows.map((r) => ({ ...r, sessions: Number(r.sessions) }));
}

/**
 * STAFF_ACCOUNTS at start: creates the accounts it lists that do not exist
 * yet. An existing account is left alone (its PIN may have been changed since
 * with `npm run staff -- reset`), and a removed one is never brought back (its
 * name is kept as a tombstone). Throws, before changing anything, on a weak
 * PIN, a bad name, or a PIN another account already uses.
 */
export async function syncStaffAccounts(db: Kysely<Database>, value: string | undefined, logger?: Logger, now = new Date()) {
  const wanted = parseStaffAccounts(value);
  const result = { created: [] as string[], kept: [] as string[], removed: [] as string[] };
  if (wanted.length === 0) return result;
  const existing = await db.selectFrom("staff_accounts").select(["id", "name", "name_key", "pin_hash"]).execute();
  const tombstones = new Set((await db.selectFrom("staff_account_tombstones").select("name_key").execute()).map((t) => t.name_key));
  const toCreate: typeof wanted = [];
  for (const { name, pin, role } of wanted) {
    const key = nameKey(name);
    if (existing.some((a) => a.name_key === key)) {
      result.kept.push(name);
      continue;
    }
    if (tombstones.has(key)) {
      result.removed.push(name);
      continue;
    }
    for (const other of existing) {
      if (await pinMatches(other.pin_hash, pin)) {
        throw new Error(`STAFF_ACCOUNTS is not valid: "${name}" has the same PIN as the existing account "${other.name}": each person needs their own.`);
      }
    }
    toCreate.push({ name, pin, role });
  }
  const at = now.toISOString();
  for (const step of toCreate) {
    // Another instance starting at the same moment may have made it first: that is the same account.
    await db
      .insertInto("staff_accounts")
      .values({ name: step.name, name_key: nameKey(step.name), pin_hash: await hashPin(step.pin), role: step.role, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("name_key").doNothing())
      .execute();
    result.created.push(step.name);
  }
  if (result.created.length > 0) logger?.info({ created: result.created }, "staff accounts created from STAFF_ACCOUNTS");
  if (result.removed.length > 0) {
    logger?.warn({ removed: result.removed }, "STAFF_ACCOUNTS lists accounts that were removed: they stay removed (add them again with npm run staff -- add)");
  }
  return result;
}

/** Whether any staff account exists: a fresh install's sign-in page says how to add the first. */
export async function hasStaffAccounts(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("staff_accounts").select("id").limit(1).executeTakeFirst()) !== undefined;
}
