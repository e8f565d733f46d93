/**
 * Loaders and actions of the staff pages. A loader answers 401 with the PIN
 * form when no one is signed in; an action first checks that the post came
 * from our own pages (403 otherwise), then takes the PIN form and sign-out
 * itself, and hands every other post to the page with the signed-in person.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { AppServices } from "./services";
import { clientAddressContext, servicesContext } from "./context";
import { pinFormSchema } from "~/modules/staff/sign-in-schema";
import { CROSS_ORIGIN_MESSAGE } from "./same-origin";
import { signInRefusal, WRONG_PIN_MESSAGE } from "./staff-messages";
import { STAFF_PAGE_HEADERS } from "./staff-page";
import {
  currentStaff,
  isOwnOrigin,
  originSignals,
  rememberedStaffName,
  signInWithPin,
  signOut,
  STAFF_WRITES_REFUSED,
  staffWriteRefusal,
  type SignedInStaff,
} from "./staff-session.server";

interface Args {
  request: Request;
  /** The page's address, without React Router's own additions (`.data`, `_routes`). */
  url: URL;
  context: Readonly<RouterContextProvider>;
}

export interface StaffContext {
  services: AppServices;
  staff: SignedInStaff;
}

/** This page again, for after a post: same path, same filters. */
function samePage(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * A staff page's loader: `load` runs only for a signed-in person; otherwise
 * the page gets `{ signedIn: false }` (and shows the PIN form) with a 401.
 */
export async function staffLoader<T extends object>({ request, context }: Args, load: (ctx: StaffContext) => Promise<T>) {
  const services = context.get(servicesContext);
  const staff = await currentStaff(services, request.headers.get("cookie"));
  if (!staff) {
    const rememberedName = await rememberedStaffName(services, request.headers.get("cookie"));
    return data({ signedIn: false as const, rememberedName }, { status: 401, headers: STAFF_PAGE_HEADERS });
  }
  const loaded = await load({ services, staff });
  return data({ signedIn: true as const, staffName: staff.name, ...loaded }, { headers: STAFF_PAGE_HEADERS });
}

/**
 * A staff page's action. Handles the PIN form (intent "sign-in") and the
 * sign-out button (intent "sign-out") on every staff page, so signing in
 * brings you back to the page you asked for; everything else goes to `act`.
 */
export async function staffAction<T>({ request, url, context }: Args, act: (ctx: StaffContext & { form: FormData }) => Promise<T>) {
  const services = context.get(servicesContext);
  const own = isOwnOrigin(services.config, originSignals((name) => request.headers.get(name)));
  if (!own) {
    services.logger.warn({ event: "staff-cross-origin", origin: request.headers.get("origin") }, "staff form post from another origin refused");
    throw data(CROSS_ORIGIN_MESSAGE, { status: 403, headers: STAFF_PAGE_HEADERS });
  }
  const form = await request.formData().catch(() => null);
  if (!form) throw data("Send the form as a form.", { status: 400, headers: STAFF_PAGE_HEADERS });
  const cookieHeader = request.headers.get("cookie");
  const intent = form.get("intent");

  if (intent === "sign-in") {
    const submission = parseWithZod(form, { schema: pinFormSchema });
    if (submission.status !== "success") {
      return data({ intent: "sign-in" as const, result: submission.reply({ hideFields: ["pin"] }) }, { status: 400 });
    }
    const address = context.get(clientAddressContext);
    const { name, pin } = submission.value;
    const { result, setCookies } = await signInWithPin(services, { name, pin, address, cookieHeader });
    switch (result.kind) {
      case "signed-in": {
        const headers = new Headers(STAFF_PAGE_HEADERS);
        for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
        throw redirect(samePage(url), { status: 303, headers });
      }
      case "wrong-pin":
        return data(
          { intent: "sign-in" as const, result: submission.reply({ fieldErrors: { pin: [WRONG_PIN_MESSAGE(result.lockedFor)] }, hideFields: ["pin"] }) },
          { status: 401 },
        );
      case "locked":
        return data(
          { intent: "sign-in" as const, result: submission.reply({ formErrors: [signInRefusal(result)], hideFields: ["pin"] }) },
          { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
        );
    }
  }

  if (intent === "sign-out") {
    const headers = new Headers(STAFF_PAGE_HEADERS);
    headers.append("Set-Cookie", await signOut(services, cookieHeader));
    throw redirect(samePage(url), { status: 303, headers });
  }

  const staff = await currentStaff(services, cookieHeader);
  // Signed out meanwhile (12 idle hours, or signed out elsewhere): show the PIN form on this page.
  if (!staff) throw redirect(samePage(url), { status: 303, headers: STAFF_PAGE_HEADERS });
  const wait = await staffWriteRefusal(services, staff);
  if (wait !== null) throw data(STAFF_WRITES_REFUSED, { status: 429, headers: { ...STAFF_PAGE_HEADERS, "Retry-After": String(wait) } });
  return act({ services, staff, form });
}

/** An applicant id from the URL, or a 404. */
export function applicantIdParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) === 0) throw data("No applicant has that id", { status: 404 });
  return Number(value);
}
