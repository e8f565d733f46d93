/**
 * The staff area's one guard: the middleware of the staff layout route
 * (routes/staff/layout.tsx), which wraps every staff page, action and export.
 * It is the pages' binding of the one staff gate (staff-gate.server.ts, which
 * the API's binding in server/api/staff.ts asks too; decision record 0053).
 * Before any staff loader or action runs it
 *
 * - counts the request against the address's staff request limit (429);
 * - refuses a write from another site (403);
 * - takes the PIN form (intent "sign-in") and the sign-out button (intent
 *   "sign-out") on every staff page, so signing in lands on the page asked for;
 * - answers anyone not signed in with the PIN form in place of the page (401);
 * - counts a signed-in person's write against their per-minute limit (429);
 * - puts the signed-in staff member in the router context (`staffContext`).
 *
 * Its refusals are thrown as `StaffRefusal` data, which the root error
 * boundary shows (the PIN form, "only a manager…"). Loaders and actions below
 * the layout read `context.get(staffContext)` and, where a role is needed,
 * call `requireRole`; a route under routes/staff/managers-layout.tsx needs the
 * manager role without a line of its own. See decision records 0022, 0053.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { toCsv } from "~/modules/applicants/csv";
import { CONTROL_CHARACTERS_SUMMARY, controlCharacterFields, recordIdFrom } from "~/modules/fields/form-fields";
import { hasStaffAccounts } from "~/modules/staff/accounts.server";
import { SIGNED_OUT_FLAG, type StaffRefusal } from "~/modules/staff/refusals";
import type { StaffRole } from "~/modules/staff/roles";
import { pinFormSchema } from "~/modules/staff/sign-in-schema";
import { clientAddressContext, servicesContext } from "./context";
import { toConformErrors } from "./form-echo";
import { signInRefusal, WRONG_PIN_MESSAGE } from "./sign-in-messages";
import { STAFF_PAGE_HEADERS } from "./staff-page";
import { isGateRefusal, isWrite, roleRefusalOf, staffDoor, staffSession, type GateRefusal } from "./staff-gate.server";
import { rememberedStaffName, signInWithPin, signOut, type SignedInStaff } from "./staff-session.server";

/** The signed-in staff member: set by the guard for everything below the staff layout. */
export const staffContext = createContext<SignedInStaff>();

/** A Retry-After the guard's refusal carries (a lock, the write limit), for `staffResponses` to send. */
const retryAfterContext = createContext<number | null>(null);

type Args = Parameters<MiddlewareFunction<Response>>[0];

function refuse(refusal: StaffRefusal, status: number): never {
  throw data(refusal, { status });
}

/** This page again, for after a post: same path, same filters (less the signed-out flag, or with it when `signedOut`). */
function samePage(url: URL, signedOut = false): string {
  if (!signedOut && !url.searchParams.has(SIGNED_OUT_FLAG)) return `${url.pathname}${url.search}`;
  const params = new URLSearchParams(url.search);
  if (signedOut) params.set(SIGNED_OUT_FLAG, "1");
  else params.delete(SIGNED_OUT_FLAG);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The outer middleware: every staff answer, page, data or refusal alike, is
 * kept out of caches and search engines, with Retry-After when refused for a
 * while. Outermost, so it also dresses the guard's own refusals.
 */
export const staffResponses: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(STAFF_PAGE_HEADERS)) {
    // A download that already forbids keeping it (a CV's "private, no-store") keeps its own words.
    const ownNoStore = name === "Cache-Control" && headers.get("Content-Disposition")?.startsWith("attachment") && headers.get(name)?.includes("no-store");
    if (!ownNoStore) headers.set(name, value);
  }
  const retryAfter = context.get(retryAfterContext);
  if (retryAfter !== null) headers.set("Retry-After", String(retryAfter));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/** A refusal of the gate (staff-gate.server.ts) as the page's refusal; signed out, the guard shows the PIN form instead. */
function refuseAsPage(context: Readonly<RouterContextProvider>, refusal: Exclude<GateRefusal, { kind: "sign-in" }>): never {
  if (refusal.kind === "busy") context.set(retryAfterContext, refusal.retryAfter);
  refuse(refusal.kind === "forbidden" ? { refusal: "forbidden", message: refusal.message, role: refusal.role } : { refusal: refusal.kind, message: refusal.message }, refusal.status);
}

/** The guard: the staff gate (staff-gate.server.ts) bound to the staff layout; see the top of this file. */
export const staffGuard: MiddlewareFunction<Response> = async ({ request, context, url }: Args, next) => {
  const services = context.get(servicesContext);
  const cookieHeader = request.headers.get("cookie");
  const gateRequest = { method: request.method, header: (name: string) => request.headers.get(name), address: context.get(clientAddressContext) };

  const closed = await staffDoor(services, gateRequest);
  if (closed) refuseAsPage(context, closed);
  if (isWrite(request.method)) {
    // A copy: the route's action reads the body itself. A form with a file (multipart, the Photos page) is never the
    // sign-in or sign-out form, and is left for its action to read with its caps rather than copied whole here.
    const multipart = request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data") ?? false;
    const form = multipart ? new FormData() : await request.clone().formData().catch(() => null);
    if (!form) refuse({ refusal: "bad-form", message: "Send the form as a form." }, 400);
    const intent = form.get("intent");
    // Every staff form at once, whatever its action reads: a field holding a NUL or another control character is 400.
    const dirty = controlCharacterFields(form);
    if (intent === "sign-in") return signInFromForm({ request, context, url } as Args, form, dirty);
    const [field] = Object.keys(dirty);
    if (field !== undefined) refuse({ refusal: "bad-form", message: controlCharactersIn(field) }, 400);
    if (intent === "sign-out") {
      throw redirect(samePage(url, true), { status: 303, headers: { "Set-Cookie": await signOut(services, cookieHeader) } });
    }
  }

  const staff = await staffSession(services, gateRequest);
  if (isGateRefusal(staff)) {
    if (staff.kind !== "sign-in") refuseAsPage(context, staff);
    // Signed out meanwhile (12 idle hours, or signed out elsewhere): a post shows the PIN form on the page again.
    if (isWrite(request.method)) throw redirect(samePage(url), 303);
    const noAccounts = !(await hasStaffAccounts(services.db));
    refuse({ refusal: "sign-in", noAccounts, rememberedName: (await rememberedStaffName(services, cookieHeader)) ?? undefined }, 401);
  }
  context.set(staffContext, staff);
  return next();
};

/** What a staff page says of a form with a control character in `field` (the field's name, never its value). */
export function controlCharactersIn(field: string): string {
  return `The answer in "${field}" holds hidden control characters (they can come with text copied from another program). Please type it again and send the form once more.`;
}

async function signInFromForm({ request, context, url }: Args, form: FormData, dirty: Record<string, string>): Promise<never> {
  const services = context.get(servicesContext);
  const noAccounts = !(await hasStaffAccounts(services.db));
  const submission = parseWithZod(form, { schema: pinFormSchema });
  // The message beside the field that holds it, before anything is looked up (a NUL in a name breaks PostgreSQL).
  if (Object.keys(dirty).length > 0) {
    refuse({ refusal: "sign-in", noAccounts, result: submission.reply({ formErrors: [CONTROL_CHARACTERS_SUMMARY], fieldErrors: toConformErrors(dirty), hideFields: ["pin"] }) }, 400);
  }
  if (submission.status !== "success") refuse({ refusal: "sign-in", noAccounts, result: submission.reply({ hideFields: ["pin"] }) }, 400);
  const address = context.get(clientAddressContext);
  const { name, pin } = submission.value;
  const { result, setCookies } = await signInWithPin(services, { name, pin, address, cookieHeader: request.headers.get("cookie"), userAgent: request.headers.get("user-agent") });
  switch (result.kind) {
    case "signed-in": {
      const headers = new Headers();
      for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
      throw redirect(samePage(url), { status: 303, headers });
    }
    case "wrong-pin":
      return refuse({ refusal: "sign-in", noAccounts, result: submission.reply({ fieldErrors: { pin: [WRONG_PIN_MESSAGE(result.lockedFor)] }, hideFields: ["pin"] }) }, 401);
    case "locked":
      context.set(retryAfterContext, result.retryAfter);
      return refuse({ refusal: "sign-in", noAccounts, result: submission.reply({ formErrors: [signInRefusal(result)], hideFields: ["pin"] }) }, 429);
  }
}

/**
 * Refuses (403) unless the signed-in person's role allows what needs `role`.
 * For a loader or action under the staff layout; a whole route that needs a
 * manager sits under routes/staff/managers-layout.tsx instead.
 */
export function requireRole(context: Readonly<RouterContextProvider>, role: StaffRole): SignedInStaff {
  const staff = context.get(staffContext);
  const refusal = roleRefusalOf(staff, role);
  if (refusal) refuseAsPage(context, refusal);
  return staff;
}

/** The middleware of a layout whose every route needs `role`. */
export function roleGuard(role: StaffRole): MiddlewareFunction<Response> {
  return ({ context }, next) => {
    requireRole(context, role);
    return next();
  };
}

/**
 * The action of a staff page with no form of its own. Every staff page needs
 * an action, or the POST of the PIN form and of the sign-out button would not
 * reach the guard above (it runs as the route's middleware); the guard
 * answers both, so anything else that posts here is refused. A route takes
 * it as `export { guardOnlyAction as action } from "~/web/staff-route.server"`.
 */
export function guardOnlyAction() {
  return data({ intent: "unknown" as const }, { status: 400 });
}

/** What a staff page's action starts from: the services, the signed-in staff member and the form posted. */
export async function staffPost(context: Readonly<RouterContextProvider>, request: Request) {
  return { services: context.get(servicesContext), staff: context.get(staffContext), form: await request.formData() };
}

/** An applicant id from the URL, or a 404. */
export function applicantIdParam(value: string | undefined): number {
  const id = recordIdFrom(value);
  if (id === undefined) throw data("No applicant has that id", { status: 404 });
  return id;
}

/** A staff list's CSV file, to save rather than show: named `${name}-${today}.csv`, kept out of caches and search engines as the pages are. */
export function csvDownload(name: string, rows: Parameters<typeof toCsv>[0]): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(rows), {
    headers: {
      ...STAFF_PAGE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
    },
  });
}
