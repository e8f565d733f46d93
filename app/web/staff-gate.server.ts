/**
 * The one staff gate (decision record 0053): every staff page (through the
 * staff layout's middleware, staff-route.server.ts) and every staff API call
 * (through its Express binding, server/api/staff.ts) asks these functions and
 * no others. Framework-neutral: a request is its method, its headers and its
 * client address; the answer is the signed-in staff member or a `GateRefusal`
 * that each binding sends in its own shape (the PIN form or a page's refusal;
 * the API's JSON error).
 *
 * In order: the per-address staff request limit (429), a write with another
 * site's Origin refused (403, compared with PUBLIC_URL), the session (401),
 * the per-person write or read limit (429). `roleRefusalOf` is the one role check
 * (403). Sign-in without a session (the PIN, a passkey, a device approval, a
 * sign-in link) passes `staffDoor` only: the limit and the origin check.
 */
import { hit } from "~/.server/rate-limit.server";
import { roleRefusal, type StaffRole } from "~/modules/staff/roles";
import { CROSS_ORIGIN_MESSAGE, isSameOrigin } from "./same-origin";
import type { AppServices } from "./services";
import { STAFF_WRITES_PER_MINUTE } from "./sign-in-messages";
import { currentStaff, type SignedInStaff } from "./staff-session.server";

/** What the gate needs of a request, from Express or from the Fetch API alike. */
export interface GateRequest {
  method: string;
  header(name: string): string | null | undefined;
  /** The client address (the trusted proxy's X-Forwarded-For resolved). */
  address: string;
}

export type GateRefusal =
  | { kind: "busy"; status: 429; message: string; retryAfter: number }
  | { kind: "cross-origin"; status: 403; message: string }
  | { kind: "sign-in"; status: 401; message: string }
  | { kind: "forbidden"; status: 403; message: string; role: StaffRole };

export const SIGN_IN_FIRST = "Please sign in with your PIN first.";
export const STAFF_REQUESTS_REFUSED = "That's a lot of requests in a minute. Please wait a moment and try again.";

export const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

export const isGateRefusal = (answer: SignedInStaff | GateRefusal | null): answer is GateRefusal => answer !== null && "kind" in answer;

type GateServices = Pick<AppServices, "db" | "config" | "logger">;

/**
 * The one origin check: a write carrying our cookies must come from our own
 * pages (same-origin.ts), by Origin, Referer or Sec-Fetch-Site, compared with
 * PUBLIC_URL only, never with the request's own Host, which whoever sends the
 * request chooses.
 */
export function crossOriginRefusal(services: Pick<AppServices, "config" | "logger">, request: Omit<GateRequest, "address">): Extract<GateRefusal, { kind: "cross-origin" }> | null {
  const signals = { origin: request.header("origin"), referer: request.header("referer"), secFetchSite: request.header("sec-fetch-site") };
  if (!isWrite(request.method) || isSameOrigin(signals, [services.config.publicUrl])) return null;
  services.logger.warn({ event: "staff-cross-origin", origin: request.header("origin") ?? null }, "staff write from another origin refused");
  return { kind: "cross-origin", status: 403, message: CROSS_ORIGIN_MESSAGE };
}

/** Requests to the staff area (pages and API alike) from one address in a minute: far beyond people at work, well short of a script. */
export const STAFF_REQUESTS_PER_MINUTE = 300;

/** Counts one staff request against the per-minute limit `name` for `key`: the seconds to wait when over it, or null. */
async function overLimit(services: Pick<AppServices, "db">, name: string, max: number, key: string): Promise<number | null> {
  const result = await hit(services.db, { name, windowMs: 60_000, max }, key);
  return result.allowed ? null : result.retryAfter;
}

/** The part of the gate before the session, for every staff request, sign-in included. */
export async function staffDoor(services: GateServices, request: GateRequest): Promise<Extract<GateRefusal, { kind: "busy" | "cross-origin" }> | null> {
  // Per address, signed in or not. Sign-in guesses have limits of their own; this holds down everything else a script might hammer.
  const wait = await overLimit(services, "staff-requests", STAFF_REQUESTS_PER_MINUTE, request.address);
  if (wait !== null) return { kind: "busy", status: 429, message: STAFF_REQUESTS_REFUSED, retryAfter: wait };
  return crossOriginRefusal(services, request);
}

/** Reads one person may make in a minute, pages and API alike: a page's worth of calls every second, and no scraping. */
export const STAFF_READS_PER_MINUTE = 300;
export const STAFF_WRITES_REFUSED = "That's a lot of changes in a minute. Please wait a moment and try again.";

/** After `staffDoor`: the session (401) and the person's write or read limit (429). */
export async function staffSession(services: GateServices, request: Pick<GateRequest, "method" | "header">): Promise<SignedInStaff | GateRefusal> {
  const staff = await currentStaff(services, request.header("cookie"));
  if (!staff) return { kind: "sign-in", status: 401, message: SIGN_IN_FIRST };
  const write = isWrite(request.method);
  // Per person, not per address, since the salon's staff may share one connection.
  const [name, max] = write ? ["staff-write", STAFF_WRITES_PER_MINUTE] : ["staff-read", STAFF_READS_PER_MINUTE];
  const wait = await overLimit(services, name, max, String(staff.staffId));
  if (wait !== null) return { kind: "busy", status: 429, message: write ? STAFF_WRITES_REFUSED : STAFF_REQUESTS_REFUSED, retryAfter: wait };
  return staff;
}

/** The whole gate: `staffDoor`, then `staffSession`. */
export async function staffGate(services: GateServices, request: GateRequest): Promise<SignedInStaff | GateRefusal> {
  return (await staffDoor(services, request)) ?? (await staffSession(services, request));
}

/** The one role check: 403 unless `staff`'s role allows what needs `role` (app/modules/staff/roles.ts). */
export function roleRefusalOf(staff: SignedInStaff, role: StaffRole): Extract<GateRefusal, { kind: "forbidden" }> | null {
  const message = roleRefusal(staff.role, role);
  return message === null ? null : { kind: "forbidden", status: 403, message, role: staff.role };
}

/** Whether a public page's visitor is signed-in staff, to be shown drafts and hidden offers: the gate's session read, refusing nothing. */
export async function isStaffVisitor(services: Pick<AppServices, "db" | "config">, request: Pick<GateRequest, "header">): Promise<boolean> {
  return (await currentStaff(services, request.header("cookie"))) !== null;
}
