/**
 * The real Express app (API and pictures; pages need the Vite build and are
 * covered by the browser tests) on a free port, against a real database.
 */
import type { AddressInfo } from "node:net";
import http from "node:http";
import path from "node:path";
import { loadConfig } from "~/.server/config.server";
import { startServices, type AppServices } from "~/.server/services.server";
import { createApp } from "../../server/create-app";
import { createTestDatabase, type TestDatabase, type TestEngine } from "./databases";

export interface TestServer {
  url: string;
  services: AppServices;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function startTestServer(
  engine: TestEngine,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: database.dataDir,
    CONTENT_DIR: path.resolve("content"),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const services = await startServices(config);
  const server = http.createServer(createApp(services));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      await database.drop();
    },
  };
}
