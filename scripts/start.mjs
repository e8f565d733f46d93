// `npm start`: builds the site if there is no build yet, then serves the production build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const serverBuild = path.join(root, "build/server/index.js");

if (!fs.existsSync(serverBuild)) {
  console.log("No build found: building the site first (about a minute)…");
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
const services = await startServices(config);
const app = createSiteApp(services, { clientDir: path.join(root, "build/client") });
serve({ app, services });
