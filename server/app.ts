/**
 * The server bundle's entry (see vite.config.ts): the Express app with React
 * Router's build inside it. scripts/start.mjs imports the built file; the
 * development server loads this one through Vite.
 */
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { loadConfig } from "~/.server/config.server";
import { backupDatabase, BackupError, restoreDatabase } from "~/.server/db/backup.server";
import { startServices, type AppServices } from "./start-services";
import { createApp, type AppOptions } from "./create-app";

export { loadConfig, startServices };
// For `npm run backup` and `npm run restore` (scripts/backup.mjs), which run from the build like the server.
export { backupDatabase, BackupError, restoreDatabase };

/** The route table with each route's module: tests read the route facts (`handle`) of the build itself. */
export const routes = build.routes;

export function createSiteApp(services: AppServices, options: Omit<AppOptions, "build"> = {}) {
  return createApp(services, { ...options, build: build as unknown as ServerBuild });
}
