/** `npm run staff` for tests: in its own process as an operator runs it, or the same command in this one. */
import { spawn } from "node:child_process";
import { Writable } from "node:stream";
import { StaffAccountError } from "~/modules/staff/accounts.server";
import { runStaffCommand } from "../../scripts/staff-command";

/** Runs `npm run staff -- …` (the same script) in its own process, with `input` piped in as the typed lines. */
export function spawnCli(args: string[], env: Record<string, string>, input: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.stdin.end(input);
    child.on("close", (code) => resolve({ code, out }));
  });
}

/**
 * The same command in this process (scripts/staff-command.ts, which the script runs), `input`'s lines
 * typed at its prompts: one process start per call would cost a test file a minute on two cores.
 */
export async function runCli(args: string[], env: Record<string, string>, input: string) {
  let out = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  const lines = input.split("\n").slice(0, -1);
  const askHidden = async (prompt: string) => {
    out += prompt + "\n";
    const line = lines.shift();
    if (line === undefined) throw new StaffAccountError("No PIN was given.");
    return line.trim();
  };
  const code = await runStaffCommand(args, { env: { NODE_ENV: "test", LOG_LEVEL: "silent", ...env }, stdout: sink, stderr: sink, askHidden });
  return { code, out };
}
