// `npm start`: builds the site when there is no build or a source is newer than
// it, then serves the production build. content/ is not part of the build: it is
// read and checked at every start.
import path from "node:path";
import { importServerBuild, root } from "./site-build.mjs";

process.chdir(root);
// Why it builds goes to standard output, as the site's log does: the benches and screenshots show only errors.
const { loadConfig, startServices, createSiteApp } = await importServerBuild(console.log);
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
