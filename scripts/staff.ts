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
import { StaffAccountError } from "~/modules/staff/accounts.server";
import { runStaffCommand } from "./staff-command";

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

process.exitCode = await runStaffCommand(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  askHidden,
});
