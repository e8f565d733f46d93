import { createContext } from "react-router";
import type { AppServices } from "./.server/services.server";

/** The server's services (database, settings, config), set for every request by the Express app. */
export const servicesContext = createContext<AppServices>();

/** This response's Content-Security-Policy nonce. */
export const nonceContext = createContext<string>("");

/** The client's address (for rate limits), as Express determined it. */
export const clientAddressContext = createContext<string>("unknown");
