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
import type { AppServices } from "./services";
import { DEVICE_LIFETIME_MS, rememberedName } from "~/modules/staff/devices.server";
import { endStaffSession, readStaffSession, type SignedInStaff } from "~/modules/staff/sessions.server";
import { signIn, type SignInResult } from "~/modules/staff/sign-in.server";
import { signInWithPasskey, type PasskeySignIn, type RelyingParty } from "~/modules/staff/passkeys.server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { signInWithLink, type LinkSignIn } from "~/modules/staff/sign-in-links.server";
import { APPROVAL_MS, askForApproval, collectApproval, type Collected } from "~/modules/staff/device-approvals.server";
import { recordAudit } from "~/modules/audit/audit.server";

export type { SignedInStaff };

const cookies = new WeakMap<Config, ReturnType<typeof makeCookies>>();

function makeCookies(config: Config) {
  const secure = config.publicUrl.startsWith("https://");
  const prefix = secure ? "__Host-" : "";
  const options: CookieOptions = { httpOnly: true, sameSite: "lax", secure, path: "/", secrets: config.sessionSecrets };
  return {
    session: createCookie(`${prefix}staff_session`, options),
    device: createCookie(`${prefix}staff_device`, { ...options, maxAge: DEVICE_LIFETIME_MS / 1000 }),
    /** A new device waiting for a manager's approval: its secret, for 10 minutes. */
    pending: createCookie(`${prefix}staff_pending`, { ...options, maxAge: APPROVAL_MS / 1000 }),
  };
}

export function staffCookies(config: Config) {
  let found = cookies.get(config);
  if (!found) cookies.set(config, (found = makeCookies(config)));
  return found;
}

async function cookieValue(cookie: Cookie, header: string | null | undefined): Promise<string | undefined> {
  if (!header) return undefined;
  const value: unknown = await cookie.parse(header);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** This request's session id, from its signed cookie (for the list of one's sessions: which one is this). */
export async function currentSessionId(config: Config, cookieHeader: string | null | undefined): Promise<string | undefined> {
  return cookieValue(staffCookies(config).session, cookieHeader);
}

/** The staff member this request's session belongs to, or null. */
export async function currentStaff(services: Pick<AppServices, "db" | "config">, cookieHeader: string | null | undefined): Promise<SignedInStaff | null> {
  const id = await cookieValue(staffCookies(services.config).session, cookieHeader);
  return id ? readStaffSession(services.db, id) : null;
}

/** The name last signed in with on this browser's device cookie, to fill in the sign-in form (staff then type only their PIN). */
export async function rememberedStaffName(services: Pick<AppServices, "db" | "config">, cookieHeader: string | null | undefined): Promise<string | null> {
  return rememberedName(services.db, await cookieValue(staffCookies(services.config).device, cookieHeader));
}

const isSignedIn = (result: { kind: string }): result is { kind: "signed-in"; sessionId: string; deviceId: string } => result.kind === "signed-in";

/**
 * How every way of signing in ends on this browser: `attempt` is told the
 * device this browser is remembered as; when it signs someone in, the session
 * this browser already had ends (every sign-in gets a new id) and the new
 * session and the device are set as cookies.
 */
async function signInHere<Result extends { kind: string }>(
  services: Pick<AppServices, "db" | "config">,
  cookieHeader: string | null | undefined,
  attempt: (deviceId: string | undefined) => Promise<Result>,
): Promise<{ result: Result; setCookies: string[] }> {
  const { session, device } = staffCookies(services.config);
  const result = await attempt(await cookieValue(device, cookieHeader));
  if (!isSignedIn(result)) return { result, setCookies: [] };
  const previous = await cookieValue(session, cookieHeader);
  if (previous) await endStaffSession(services.db, previous);
  return { result, setCookies: [await session.serialize(result.sessionId), await device.serialize(result.deviceId)] };
}

/** Signs in with a name and PIN; ends any session this browser already had, so every sign-in gets a new id. */
export async function signInWithPin(
  services: Pick<AppServices, "db" | "config" | "logger">,
  attempt: { name: string; pin: string; address: string; cookieHeader: string | null | undefined; userAgent: string | null | undefined },
): Promise<{ result: SignInResult; setCookies: string[] }> {
  return signInHere(services, attempt.cookieHeader, (deviceId) =>
    signIn(services.db, services.logger, { name: attempt.name, pin: attempt.pin, address: attempt.address, deviceId, userAgent: attempt.userAgent }),
  );
}

/** Who passkeys are made for: this site, at PUBLIC_URL (a passkey works only on the address it was made on). */
export function relyingParty(config: Pick<Config, "publicUrl">): RelyingParty {
  return { name: "Staff area", origin: new URL(config.publicUrl).origin };
}

/** Signs in with a passkey's answer; like the PIN, ends any session this browser had and remembers the device. */
export async function signInWithPasskeyWeb(
  services: Pick<AppServices, "db" | "config" | "logger">,
  response: AuthenticationResponseJSON,
  cookieHeader: string | null | undefined,
  userAgent: string | null | undefined,
): Promise<{ result: PasskeySignIn; setCookies: string[] }> {
  return signInHere(services, cookieHeader, (id) => signInWithPasskey(services.db, services.logger, relyingParty(services.config), response, { id, userAgent }));
}

/** Signs in with a one-time link (`npm run staff -- reset NAME`); like the PIN, a new session and the device remembered. */
export async function signInWithLinkWeb(
  services: Pick<AppServices, "db" | "config" | "logger">,
  token: string,
  cookieHeader: string | null | undefined,
  userAgent: string | null | undefined,
): Promise<{ result: LinkSignIn; setCookies: string[] }> {
  return signInHere(services, cookieHeader, (id) => signInWithLink(services.db, services.logger, token, { id, userAgent }));
}

/** A new device asks a manager to let it in as `name`: the code to show, and the cookie that ties the answer to this browser. */
export async function askDeviceApproval(services: Pick<AppServices, "db" | "config">, name: string): Promise<{ code: string; expiresAt: string; setCookie: string }> {
  const asked = await askForApproval(services.db, name);
  return { code: asked.code, expiresAt: asked.expiresAt, setCookie: await staffCookies(services.config).pending.serialize(asked.secret) };
}

/** The waiting device comes back: signed in (new session, device remembered) once a manager approved it. */
export async function collectDeviceApproval(
  services: Pick<AppServices, "db" | "config" | "logger">,
  cookieHeader: string | null | undefined,
  userAgent: string | null | undefined,
): Promise<{ result: Collected; setCookies: string[] }> {
  const { pending } = staffCookies(services.config);
  const secret = await cookieValue(pending, cookieHeader);
  if (!secret) return { result: { kind: "gone" }, setCookies: [] };
  const signedIn = await signInHere(services, cookieHeader, (id) => collectApproval(services.db, services.logger, secret, { id, userAgent }));
  // The wait is over: the pending cookie goes with it.
  if (signedIn.result.kind === "signed-in") signedIn.setCookies.push(await pending.serialize("", { maxAge: 0, expires: new Date(0) }));
  return signedIn;
}

/** Ends this browser's session; returns the Set-Cookie that clears it. The device stays known. */
export async function signOut(services: Pick<AppServices, "db" | "config" | "logger">, cookieHeader: string | null | undefined): Promise<string> {
  const { session } = staffCookies(services.config);
  const id = await cookieValue(session, cookieHeader);
  if (id) {
    const staff = await readStaffSession(services.db, id);
    await endStaffSession(services.db, id);
    if (staff) {
      services.logger.info({ event: "staff-signed-out", staff: staff.name }, "staff signed out");
      await recordAudit(services.db, { actor: staff.name, action: "signed-out", subjectType: "staff", subjectId: staff.staffId });
    }
  }
  return session.serialize("", { maxAge: 0, expires: new Date(0) });
}
