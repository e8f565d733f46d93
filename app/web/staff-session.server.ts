/**
 * The staff session as the web sees it: signed cookies in, the signed-in
 * staff member out. One mechanism for the Express API and the pages' loaders
 * and actions; the sessions themselves live in the database (app/modules/staff).
 *
 * Cookies: HttpOnly, SameSite=Lax, Secure and `__Host-` prefixed when
 * PUBLIC_URL is https. The session cookie lasts as long as the browser
 * session, the server ends it after 12 idle hours; the device cookie lasts
 * 180 days and only says "this browser has signed in before".
 */
import { createCookie, type Cookie, type CookieOptions } from "react-router";
import type { Config } from "~/.server/config.server";
import { hit } from "~/.server/rate-limit.server";
import type { AppServices } from "./services";
import { DEVICE_LIFETIME_MS } from "~/modules/staff/devices.server";
import { endStaffSession, readStaffSession, type SignedInStaff } from "~/modules/staff/sessions.server";
import { signIn, type SignInResult } from "~/modules/staff/sign-in.server";
import { isSameOrigin, type OriginSignals } from "./same-origin";
import { STAFF_WRITES_PER_MINUTE } from "./sign-in-messages";

export type { SignedInStaff };

interface StaffCookies {
  session: Cookie;
  device: Cookie;
}

const cookies = new WeakMap<Config, StaffCookies>();

export function staffCookies(config: Config): StaffCookies {
  let found = cookies.get(config);
  if (!found) {
    const secure = config.publicUrl.startsWith("https://");
    const prefix = secure ? "__Host-" : "";
    const options: CookieOptions = { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: config.sessionSecrets };
    found = {
      session: createCookie(`${prefix}staff_session`, options),
      device: createCookie(`${prefix}staff_device`, { ...options, maxAge: DEVICE_LIFETIME_MS / 1000 }),
    };
    cookies.set(config, found);
  }
  return found;
}

async function cookieValue(cookie: Cookie, header: string | null | undefined): Promise<string | undefined> {
  if (!header) return undefined;
  const value: unknown = await cookie.parse(header);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The staff member this request's session belongs to, or null. */
export async function currentStaff(services: Pick<AppServices, "db" | "config">, cookieHeader: string | null | undefined): Promise<SignedInStaff | null> {
  const id = await cookieValue(staffCookies(services.config).session, cookieHeader);
  return id ? readStaffSession(services.db, id) : null;
}

export interface WebSignIn {
  result: SignInResult;
  /** Set-Cookie values to send (the new session and the device), on success. */
  setCookies: string[];
}

/** Signs in with a PIN; ends any session this browser already had, so every sign-in gets a new id. */
export async function signInWithPin(
  services: Pick<AppServices, "db" | "config" | "logger">,
  attempt: { pin: string; address: string; cookieHeader: string | null | undefined },
): Promise<WebSignIn> {
  const { session, device } = staffCookies(services.config);
  const deviceId = await cookieValue(device, attempt.cookieHeader);
  const result = await signIn(services.db, services.logger, { pin: attempt.pin, address: attempt.address, deviceId });
  if (result.kind !== "signed-in") return { result, setCookies: [] };
  const previous = await cookieValue(session, attempt.cookieHeader);
  if (previous) await endStaffSession(services.db, previous);
  return { result, setCookies: [await session.serialize(result.sessionId), await device.serialize(result.deviceId)] };
}

/** Ends this browser's session; returns the Set-Cookie that clears it. The device stays known. */
export async function signOut(services: Pick<AppServices, "db" | "config" | "logger">, cookieHeader: string | null | undefined): Promise<string> {
  const { session } = staffCookies(services.config);
  const id = await cookieValue(session, cookieHeader);
  if (id) {
    const staff = await readStaffSession(services.db, id);
    await endStaffSession(services.db, id);
    if (staff) services.logger.info({ event: "staff-signed-out", staff: staff.name }, "staff signed out");
  }
  return session.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Whether a write carrying our cookies came from our own pages (see same-origin.ts). */
export function isOwnOrigin(config: Pick<Config, "publicUrl">, requestOrigin: string, signals: OriginSignals): boolean {
  return isSameOrigin(signals, [config.publicUrl, requestOrigin]);
}

export function originSignals(get: (name: string) => string | null | undefined): OriginSignals {
  return { origin: get("origin"), referer: get("referer"), secFetchSite: get("sec-fetch-site") };
}

/**
 * Counts one change by a staff member (the API and the pages' actions alike):
 * the seconds to wait when over the limit, or null. Per person, not per
 * address, since the salon's staff may share one connection.
 */
export async function staffWriteRefusal(services: Pick<AppServices, "db">, staff: SignedInStaff): Promise<number | null> {
  const result = await hit(services.db, { name: "staff-write", windowMs: 60_000, max: STAFF_WRITES_PER_MINUTE }, String(staff.staffId));
  return result.allowed ? null : result.retryAfter;
}

export const STAFF_WRITES_REFUSED = "That's a lot of changes in a minute. Please wait a moment and try again.";
