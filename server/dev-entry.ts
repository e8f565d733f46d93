/** What the development server loads through Vite (see server/dev.mjs). */
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { loadConfig } from "~/.server/config.server";
import { startServices, type AppServices } from "./start-services";
import { createApp } from "./create-app";

export { loadConfig, startServices };

export function createDevApp(services: AppServices, vite: RequestHandler) {
  return createApp(services, {
    vite,
    build: () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>,
  });
}
