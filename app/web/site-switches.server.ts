/**
 * The site switches for a request. The Express app puts the site snapshot's
 * (site-snapshot.server.ts) in the router context; page loaders take them
 * from there with the rest of the settings (page-context.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { fileSwitchesOf, type SiteSwitches } from "~/modules/site-switches/site-switches";
import { resolveSwitches } from "~/modules/site-switches/site-switches.server";
import { servicesContext, siteSwitchesContext } from "./context";

/** This request's switches; the content files' values where the request carries none (a loader called on its own). */
export function siteSwitchesOf(context: Readonly<RouterContextProvider>): SiteSwitches {
  return context.get(siteSwitchesContext) ?? resolveSwitches(new Map(), fileSwitchesOf(context.get(servicesContext).settings));
}
