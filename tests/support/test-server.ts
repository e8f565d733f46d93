/**
 * The real Express app on a free port, against a real database and the
 * fixture salon (tests/support/fixture.ts). With `{ pages: true }` it also
 * serves the pages and their assets from the production build
 * (build/server/index.js and build/client, made by `npx react-router build`),
 * so loaders and actions are tested in-process over HTTP, as a browser
 * without JavaScript meets them.
 */
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { readSiteRevision } from "~/modules/site-switches/site-revision.server";
import { startServices, type AppServices } from "../../server/start-services";
import { createApp } from "../../server/create-app";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./databases";
import { fixtureEnv } from "./fixture";

export interface TestServer {
  url: string;
  services: AppServices;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Serve the pages as well as the API: needs the production build. */
  pages?: boolean;
  /**
   * Share another test server's database, as a second instance of the site
   * would. The server that made it drops it; close this one first.
   */
  database?: TestDatabase;
}

const serverBuild = path.resolve("build/server/index.js");
const clientDir = path.resolve("build/client");

export async function startTestServer(
  engine: TestEngine,
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase(engine, { migrated: true }));
  // Listening first, so the site's own address (PUBLIC_URL, which the origin check compares with) is the one tests call.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PUBLIC_URL: url,
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    // The fixture salon; forms are posted at once (a test of the minimum fill time sets its own).
    ...fixtureEnv,
    // Tests pose as many clients by X-Forwarded-For (tests/support/staff-client.ts), as a proxy on this host would say.
    TRUST_PROXY: "loopback",
    // Another salon's pictures keep their copies with the test's data, not in the fixture's shared folder.
    ...(env.CONTENT_DIR ? { PICTURE_COPIES_DIR: "" } : {}),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const services = await startServices(config);
  let app = createApp(services);
  if (options.pages) {
    if (!fs.existsSync(serverBuild)) throw new Error(`Page tests need the production build: run \`npx react-router build\` first (${serverBuild} is missing).`);
    const built = (await import(serverBuild)) as { createSiteApp: (s: AppServices, o: { clientDir: string }) => typeof app };
    app = built.createSiteApp(services, { clientDir });
  }
  server.on("request", app);
  return {
    url,
    services,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      if (!shared) await database.drop();
    },
  };
}

/**
 * Waits until `server` holds the site as the database has it now: a change
 * made through another instance (or straight in the database) reaches it
 * within 2 s (decision record 0054), without its being asked anything.
 */
export async function caughtUp(server: TestServer): Promise<void> {
  const revision = await readSiteRevision(server.services.db);
  await expect.poll(() => server.services.snapshot.current.revision, { timeout: 2000, interval: 25 }).toBe(revision);
}
