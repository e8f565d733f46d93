/**
 * `npm run staff -- <command>`: staff accounts for the staff area.
 *
 *   add <name> [--role reception]
 *                   a new staff member (a manager unless --role says reception);
 *                   asks for their PIN (not shown as it is typed)
 *   reset <name>    a new PIN; signs them out everywhere and forgets their devices,
 *                   and prints a one-time sign-in link (15 minutes) that gets
 *                   them in on a new device even while sign-in is paused
 *   list            who has an account, their role, and how many sessions each has open
 *   remove <name>   deletes the account, its sessions and devices
 *
 * Works on the database the server uses: PostgreSQL when DATABASE_URL is set,
 * otherwise the SQLite file in DATA_DIR; every command says which. The PIN can
 * also be piped in (one line, then the same again), for scripts.
 */
import readline from "node:readline";
import { loadConfig } from "~/.server/config.server";
import { migrateToLatest, openDatabase } from "~/.server/db/database.server";
import { addStaff, listStaff, removeStaff, resetPin, StaffAccountError } from "~/modules/staff/accounts.server";
import { pinProblem } from "~/modules/staff/pin-rules";
import { isStaffRole, staffRoles, type StaffRole } from "~/modules/staff/roles";
import { createSignInLink, signInLinkPath } from "~/modules/staff/sign-in-links.server";

const usage = `Usage:
  npm run staff -- add <name> [--role manager|reception]   (a manager unless told otherwise)
  npm run staff -- reset <name>
  npm run staff -- list
  npm run staff -- remove <name>`;

let pipedLines: AsyncIterator<string> | undefined;

/** Reads a line without showing it (from a terminal), or the next line (from a pipe). */
async function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    pipedLines ??= readline.createInterface({ input: stdin, terminal: false })[Symbol.asyncIterator]();
    process.stdout.write(prompt);
    const next = await pipedLines.next();
    process.stdout.write("\n");
    if (next.done) throw new StaffAccountError("No PIN was given.");
    return next.value.trim();
  }
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    let typed = "";
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    stdin.resume();
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stdout.write("\n");
          return resolve(typed);
        }
        if (char === "\u0003") {
          stdin.setRawMode(false);
          process.stdout.write("\n");
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

/** Asks for a PIN twice, until it follows the rules and both match. */
async function askPin(name: string): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const pin = await askHidden(`PIN for ${name} (at least 6 digits): `);
    const problem = pinProblem(pin);
    if (problem) {
      console.error(problem);
      continue;
    }
    if ((await askHidden("The same PIN again: ")) !== pin) {
      console.error("The two PINs are different.");
      continue;
    }
    return pin;
  }
  throw new StaffAccountError("No PIN set.");
}

const [command, ...args] = process.argv.slice(2);
const roleAt = args.indexOf("--role");
const roleWord = roleAt === -1 ? "manager" : args[roleAt + 1];
const name = (roleAt === -1 ? args : args.filter((_, i) => i !== roleAt && i !== roleAt + 1)).join(" ").trim();
if (!command || !["add", "reset", "list", "remove"].includes(command) || (command !== "list" && !name) || (roleAt !== -1 && command !== "add")) {
  console.error(usage);
  process.exit(2);
}
if (!isStaffRole(roleWord)) {
  console.error(`The role must be ${staffRoles.join(" or ")}.\n${usage}`);
  process.exit(2);
}
const role: StaffRole = roleWord;

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl, sqlitePath: config.sqlitePath });
/** Which database this wrote to, in words: a newcomer with two databases should know which one has the account. */
const where = config.databaseUrl ? `the PostgreSQL database at ${database.description.replace(/^postgres /, "")} (DATABASE_URL)` : `the SQLite database at ${config.sqlitePath}`;
try {
  await migrateToLatest(database.db);
  if (command === "list") {
    const staff = await listStaff(database.db);
    console.log(`Staff accounts in ${where}\n`);
    if (staff.length === 0) console.log("No staff accounts yet: add one with npm run staff -- add <name>");
    else console.table(staff.map((s) => ({ name: s.name, role: s.role, since: s.created_at.slice(0, 10), "PIN set": s.updated_at.slice(0, 10), "open sessions": s.sessions })));
  } else if (command === "remove") {
    const removed = await removeStaff(database.db, name);
    console.log(`Removed ${removed.name} from ${where}: signed out everywhere, devices forgotten.`);
  } else if (command === "add") {
    const added = await addStaff(database.db, name, await askPin(name.trim()), role);
    console.log(`Added ${added.name} (${added.role}) to ${where}. They can sign in at /staff with their PIN.`);
  } else {
    const updated = await resetPin(database.db, name, await askPin(name.trim()));
    console.log(`New PIN set for ${updated.name} in ${where}: signed out everywhere, devices forgotten.`);
    const token = await createSignInLink(database.db, updated, "npm run staff");
    console.log(`One-time sign-in link for ${updated.name}, good once within 15 minutes, on any device:\n${config.publicUrl}${signInLinkPath(token)}`);
  }
} catch (error) {
  if (!(error instanceof StaffAccountError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
