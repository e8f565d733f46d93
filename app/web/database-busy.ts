/**
 * When the database's write lock stays taken (SQLite: another process holds
 * it past SQLITE_BUSY_TIMEOUT_MS), the request answers 503 with Retry-After
 * and a calm word, never 500: the API (server/create-app.ts), any page's
 * loader or action (app/entry.server.tsx marks the request as its error is
 * reported, then answers for the page or the data request), and Express's own
 * page middleware (the staff pages' request limit). Decision record 0039.
 */
import { createContext } from "react-router";

/** Seconds a busy answer asks the client to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = "The site is busy for a moment. Please try again in a few seconds.";
export const BUSY_TITLE = "The site is busy for a moment";

/** Set when this request's loader or action met a busy database. */
export const databaseBusyContext = createContext<boolean>(false);

/** What a busy page's error boundary reads (the status alone says it; the words travel for a data request's client). */
export const busyAnswer = { busy: true as const, message: BUSY_MESSAGE };

/** The one status a busy answer has: 503. */
export const isBusyStatus = (status: number) => status === 503;
