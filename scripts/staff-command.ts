/**
 * The staff accounts command (`npm run staff`, scripts/staff.ts) as a function of its arguments,
 * environment, output and a way to ask for a hidden line: the script gives it the terminal, the
 * tests give it typed lines and read what it printed. Returns the exit status.
 */
import { Console } from "node:console";
import type { Writable } from "node:stream";
import { loadConfig } from "~/.server/config.server";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { addStaff, listStaff, removeStaff, resetPin, StaffAccountError } from "~/modules/staff/accounts.server";
import { newPinProblem } from "~/modules/staff/breached-pins.server";
import { isStaffRole, staffRoles, type StaffRole } from "~/modules/staff/roles";
import { createSignInLink, signInLinkPath } from "~/modules/staff/sign-in-links.server";

export const usage = `Usage:
  npm run staff -- add <name> [--role manager|reception]   (a manager unless told otherwise)
  npm run staff -- reset <name>
  npm run staff -- list
  npm run staff -- remove <name>`;

export interface StaffCommandIo {
  env: NodeJS.ProcessEnv;
  stdout: Writable;
  stderr: Writable;
  /** Shows `prompt` and reads one line without echoing it. */
  askHidden(prompt: string): Promise<string>;
}

export async function runStaffCommand(argv: string[], io: StaffCommandIo): Promise<number> {
  const out = new Console({ stdout: io.stdout, stderr: io.stderr });

  /** Asks for a PIN twice, until it follows the rules and both match. */
  async function askPin(name: string): Promise<string> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const pin = await io.askHidden(`PIN for ${name} (at least 6 digits): `);
      const problem = newPinProblem(pin);
      if (problem) {
        out.error(problem);
        continue;
      }
      if ((await io.askHidden("The same PIN again: ")) !== pin) {
        out.error("The two PINs are different.");
        continue;
      }
      return pin;
    }
    throw new StaffAccountError("No PIN set.");
  }

  const [command, ...args] = argv;
  const roleAt = args.indexOf("--role");
  const roleWord = roleAt === -1 ? "manager" : args[roleAt + 1];
  const name = (roleAt === -1 ? args : args.filter((_, i) => i !== roleAt && i !== roleAt + 1)).join(" ").trim();
  if (!command || !["add", "reset", "list", "remove"].includes(command) || (command !== "list" && !name) || (roleAt !== -1 && command !== "add")) {
    out.error(usage);
    return 2;
  }
  if (!isStaffRole(roleWord)) {
    out.error(`The role must be ${staffRoles.join(" or ")}.\n${usage}`);
    return 2;
  }
  const role: StaffRole = roleWord;

  const config = loadConfig(io.env);
  const database = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
  /** Which database this wrote to, in words: a newcomer with two databases should know which one has the account. */
  const where = config.databaseUrl ? `the PostgreSQL database at ${database.description.replace(/^postgres /, "")} (DATABASE_URL)` : `the SQLite database at ${config.sqlitePath}`;
  try {
    await migrateToLatest(database.db);
    if (command === "list") {
      const staff = await listStaff(database.db);
      out.log(`Staff accounts in ${where}\n`);
      if (staff.length === 0) out.log("No staff accounts yet: add one with npm run staff -- add <name>");
      else out.table(staff.map((s) => ({ name: s.name, role: s.role, since: s.created_at.slice(0, 10), "PIN set": s.updated_at.slice(0, 10), "open sessions": s.sessions })));
    } else if (command === "remove") {
      const removed = await removeStaff(database.db, name);
      out.log(`Removed ${removed.name} from ${where}: signed out everywhere, devices forgotten.`);
    } else if (command === "add") {
      const added = await addStaff(database.db, name, await askPin(name.trim()), role);
      out.log(`Added ${added.name} (${added.role}) to ${where}. They can sign in at /staff with their PIN.`);
    } else {
      const updated = await resetPin(database.db, name, await askPin(name.trim()));
      out.log(`New PIN set for ${updated.name} in ${where}: signed out everywhere, devices forgotten.`);
      const token = await createSignInLink(database.db, updated, "npm run staff");
      out.log(`One-time sign-in link for ${updated.name}, good once within 15 minutes, on any device:\n${config.publicUrl}${signInLinkPath(token)}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof StaffAccountError)) throw error;
    out.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}
