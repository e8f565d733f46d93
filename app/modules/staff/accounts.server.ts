/**
 * Staff accounts: a display name and a PIN kept only as an argon2id hash.
 * Used by `npm run staff` and, through STAFF_ACCOUNTS, at every start.
 * Changing a PIN or removing an account ends its sessions and forgets its
 * devices (the foreign keys cascade on removal).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger.server";
import { decoyHash, hashPin, pinMatches } from "./pin-hash.server";
import { nameKey, nameProblem, parseStaffAccounts, pinProblem } from "./pin-rules";
import type { StaffRole } from "./roles";

export interface StaffMember {
  id: number;
  name: string;
  role: StaffRole;
}

export class StaffAccountError extends Error {}

function check(name: string, pin: string) {
  const problem = nameProblem(name.trim()) ?? pinProblem(pin);
  if (problem) throw new StaffAccountError(problem);
}

/** The account another member uses this PIN for, if any: sign-in tells staff apart by PIN alone. */
async function pinOwner(db: Kysely<Database>, pin: string, exceptId?: number): Promise<string | undefined> {
  const accounts = await db.selectFrom("staff_accounts").select(["id", "name", "pin_hash"]).execute();
  for (const account of accounts) {
    if (account.id !== exceptId && (await pinMatches(account.pin_hash, pin))) return account.name;
  }
  return undefined;
}

async function findByName(db: Kysely<Database>, name: string) {
  return db.selectFrom("staff_accounts").select(["id", "name", "role", "pin_hash"]).where("name_key", "=", nameKey(name)).executeTakeFirst();
}

export async function addStaff(db: Kysely<Database>, name: string, pin: string, role: StaffRole = "manager", now = new Date()): Promise<StaffMember> {
  check(name, pin);
  const display = name.trim();
  if (await findByName(db, display)) throw new StaffAccountError(`There is already a staff member called ${display}.`);
  const owner = await pinOwner(db, pin);
  if (owner) throw new StaffAccountError("Another staff member already uses that PIN: choose a different one.");
  const at = now.toISOString();
  const { id } = await db
    .insertInto("staff_accounts")
    .values({ name: display, name_key: nameKey(display), pin_hash: await hashPin(pin), role, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name: display, role };
}

/** Sets a new PIN; every session and known device of the account ends. */
export async function resetPin(db: Kysely<Database>, name: string, pin: string, now = new Date()): Promise<StaffMember> {
  check(name, pin);
  const account = await findByName(db, name);
  if (!account) throw new StaffAccountError(`There is no staff member called ${name.trim()}.`);
  if (await pinOwner(db, pin, account.id)) throw new StaffAccountError("Another staff member already uses that PIN: choose a different one.");
  const pinHash = await hashPin(pin);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("staff_accounts").set({ pin_hash: pinHash, updated_at: now.toISOString() }).where("id", "=", account.id).execute();
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_devices").where("staff_id", "=", account.id).execute();
  });
  return { id: account.id, name: account.name, role: account.role };
}

export async function removeStaff(db: Kysely<Database>, name: string): Promise<StaffMember> {
  const account = await findByName(db, name);
  if (!account) throw new StaffAccountError(`There is no staff member called ${name.trim()}.`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_sessions").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_devices").where("staff_id", "=", account.id).execute();
    await trx.deleteFrom("staff_accounts").where("id", "=", account.id).execute();
  });
  return { id: account.id, name: account.name, role: account.role };
}

export interface StaffListing extends StaffMember {
  created_at: string;
  updated_at: string;
  /** Sessions still open. */
  sessions: number;
}

export async function listStaff(db: Kysely<Database>, now = new Date()): Promise<StaffListing[]> {
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
 * The account whose PIN this is, or undefined. Checks the PIN against every
 * account's hash, always all of them, so the time taken says nothing about
 * which account (if any) matched.
 */
export async function findStaffByPin(db: Kysely<Database>, pin: string): Promise<StaffMember | undefined> {
  const accounts = await db.selectFrom("staff_accounts").select(["id", "name", "role", "pin_hash"]).orderBy("id").execute();
  if (accounts.length === 0) {
    await pinMatches(await decoyHash(), pin);
    return undefined;
  }
  const matches = await Promise.all(accounts.map((a) => pinMatches(a.pin_hash, pin)));
  const index = matches.indexOf(true);
  const found = index === -1 ? undefined : accounts[index]!;
  return found ? { id: found.id, name: found.name, role: found.role } : undefined;
}

/**
 * STAFF_ACCOUNTS at start: creates the accounts it lists and sets their PINs
 * (an unchanged PIN is left alone, so sessions survive a restart). Accounts it
 * does not list are kept. Throws, before changing anything, on a weak PIN, a
 * bad name, or a PIN another account already uses.
 */
export async function syncStaffAccounts(db: Kysely<Database>, value: string | undefined, logger?: Logger, now = new Date()) {
  const wanted = parseStaffAccounts(value);
  if (wanted.length === 0) return { created: [] as string[], updated: [] as string[] };
  const existing = await db.selectFrom("staff_accounts").select(["id", "name", "name_key", "pin_hash"]).execute();
  const plan: { name: string; pin: string; role: StaffRole; account: (typeof existing)[number] | undefined; same: boolean }[] = [];
  for (const { name, pin, role } of wanted) {
    const account = existing.find((a) => a.name_key === nameKey(name));
    const same = account ? await pinMatches(account.pin_hash, pin) : false;
    for (const other of existing) {
      if (other === account || wanted.some((w) => nameKey(w.name) === other.name_key)) continue;
      if (await pinMatches(other.pin_hash, pin)) {
        throw new Error(`STAFF_ACCOUNTS is not valid: "${name}" has the same PIN as the existing account "${other.name}": each person needs their own.`);
      }
    }
    plan.push({ name, pin, role, account, same });
  }
  const created: string[] = [];
  const updated: string[] = [];
  const at = now.toISOString();
  for (const step of plan) {
    if (step.same) continue;
    const pinHash = await hashPin(step.pin);
    if (!step.account) {
      // Another instance starting at the same moment may have made it first: that is the same account.
      await db
        .insertInto("staff_accounts")
        .values({ name: step.name, name_key: nameKey(step.name), pin_hash: pinHash, role: step.role, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("name_key").doNothing())
        .execute();
      created.push(step.name);
      continue;
    }
    const id = step.account.id;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("staff_accounts").set({ name: step.name, pin_hash: pinHash, updated_at: at }).where("id", "=", id).execute();
      await trx.deleteFrom("staff_sessions").where("staff_id", "=", id).execute();
      await trx.deleteFrom("staff_devices").where("staff_id", "=", id).execute();
    });
    updated.push(step.name);
  }
  if (created.length + updated.length > 0) logger?.info({ created, updated }, "staff accounts set from STAFF_ACCOUNTS");
  return { created, updated };
}

/** Whether any staff account exists: a fresh install's sign-in page says how to add the first. */
export async function hasStaffAccounts(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("staff_accounts").select("id").limit(1).executeTakeFirst()) !== undefined;
}
