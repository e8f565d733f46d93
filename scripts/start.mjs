// `npm start`: builds the site when there is no build or a source is newer than
// it, then serves the production build. content/ is not part of the build: it is
// read and checked at every start.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rebuildReason } from "./build-freshness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const serverBuild = path.join(root, "build/server/index.js");

const reason = rebuildReason(root, serverBuild);
if (reason) {
  console.log(`${reason}: building the site first (10 to 40 seconds)…`);
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { loadConfig, startServices, createSiteApp } = await import(serverBuild);
const { serve } = await import("../server/serve.mjs");

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
let services;
try {
  services = await startServices(config);
} catch (error) {
  // A mistake in the content or in STAFF_ACCOUNTS: say what it is, without a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const app = createSiteApp(services, { clientDir: path.join(root, "build/client") });
serve({ app, services });
