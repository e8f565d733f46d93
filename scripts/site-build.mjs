// The production build's server bundle, built first when there is none or a
// source is newer than it (as `npm start` does). For the commands that run
// from the build: they work in the deploy image, which has no TypeScript tools.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rebuildReason } from "./build-freshness.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Imports the server bundle, built first if stale; `say` tells why it builds (standard error unless told). */
export async function importServerBuild(say = console.error) {
  const serverBuild = path.join(root, "build/server/index.js");
  const reason = rebuildReason(root, serverBuild);
  if (reason) buildSite(`${reason}: building the site first (10 to 40 seconds)…`, say);
  return import(serverBuild);
}

/** Says `why` and builds the site for production, its list of files on standard output unless `stdout` is "ignore"; exits if the build fails. */
export function buildSite(why, say, stdout = "inherit") {
  say(why);
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: ["ignore", stdout, "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
