import { createContext } from "react-router";
import type { PhotoIndex } from "~/modules/photos/photos.server";
import type { PublicPage } from "~/modules/seo/public-pages";
import type { SiteSwitches } from "~/modules/site-switches/site-switches";
import type { AppServices } from "./services";

/** The server's services (database, settings, config), set for every request by the Express app. */
export const servicesContext = createContext<AppServices>();

/** This response's Content-Security-Policy nonce. */
export const nonceContext = createContext<string>("");

/** The client's address (for rate limits), as Express determined it. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * The site switches in force for this request (offers shown or hidden, their
 * end date), read from the database as the request arrives (see
 * site-snapshot.server.ts), so every page sees a staff member's change at once.
 */
export const siteSwitchesContext = createContext<SiteSwitches | null>(null);

/**
 * The photos managers uploaded that show now, read from the database as the
 * request arrives (server/create-app.ts), so an upload or a removal on one
 * instance shows on the next page from any of them.
 */
export const photosContext = createContext<PhotoIndex | null>(null);

/** The public pages, read from the route facts of the build's route table (publicPagesOf in route-facts.ts). */
export const publicPagesContext = createContext<readonly PublicPage[]>();
