/**
 * The site switches for a request. The Express app reads them once as each
 * page request arrives (one small query: the switches staff have set) and
 * puts them in the router context; page loaders take them from there with the
 * rest of the settings (page-context.server.ts). So a change made on one
 * server shows on the next request to any server sharing the database.
 */
import type { RouterContextProvider } from "react-router";
import { fileSwitchesOf, type SiteSwitches } from "~/modules/site-switches/site-switches";
import { currentSwitches, resolveSwitches } from "~/modules/site-switches/site-switches.server";
import { servicesContext, siteSwitchesContext } from "./context";
import type { AppServices } from "./services";

/** The values in force now: the staff's where they have set them, else the content files'. */
export function loadSiteSwitches(services: Pick<AppServices, "db" | "settings">): Promise<SiteSwitches> {
  return currentSwitches(services.db, fileSwitchesOf(services.settings));
}

/** This request's switches; the content files' values where the request carries none (a loader called on its own). */
export function siteSwitchesOf(context: Readonly<RouterContextProvider>): SiteSwitches {
  return context.get(siteSwitchesContext) ?? resolveSwitches(new Map(), fileSwitchesOf(context.get(servicesContext).settings));
}
