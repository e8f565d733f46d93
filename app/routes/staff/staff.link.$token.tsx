/**
 * A one-time sign-in link (/staff/link/:token), from `npm run staff -- reset
 * NAME`. Opening it only asks to confirm, so a mail or chat app that fetches
 * links to preview them cannot use it up; the button signs in, once.
 */
import { data, Form, href, redirect } from "react-router";
import { PageHeader } from "~/components/page";
import { signInLinkFor } from "~/modules/staff/sign-in-links.server";
import { clientAddressContext, servicesContext } from "~/web/context";
import { STAFF_PAGE_HEADERS, staffMeta } from "~/web/staff-page";
import { staffDoor } from "~/web/staff-gate.server";
import { signInWithLinkWeb } from "~/web/staff-session.server";
import type { Route } from "./+types/staff.link.$token";

export const meta = () => staffMeta("Sign in with a link");
export const headers = () => STAFF_PAGE_HEADERS;

const USED = "This sign-in link has been used or has run out (links last 15 minutes). Ask for a new one, or sign in with your name and PIN.";

/** The gate's door: the staff request limit for every request, the origin check for the post. */
async function throughDoor(request: Request, context: Route.LoaderArgs["context"]) {
  const services = context.get(servicesContext);
  const refusal = await staffDoor(services, { method: request.method, header: (name) => request.headers.get(name), address: context.get(clientAddressContext) });
  if (refusal) throw data(refusal.message, { status: refusal.status, headers: refusal.kind === "busy" ? { ...STAFF_PAGE_HEADERS, "Retry-After": String(refusal.retryAfter) } : STAFF_PAGE_HEADERS });
  return services;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = await throughDoor(request, context);
  const staff = await signInLinkFor(services.db, params.token);
  return data({ name: staff?.name ?? null }, { status: staff ? 200 : 410, headers: STAFF_PAGE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Outside the staff layout (it needs no session), but through the gate's door.
  const services = await throughDoor(request, context);
  const { result, setCookies } = await signInWithLinkWeb(services, params.token, request.headers.get("cookie"), request.headers.get("user-agent"));
  if (result.kind !== "signed-in") return data({ error: USED }, { status: 410, headers: STAFF_PAGE_HEADERS });
  const headers = new Headers(STAFF_PAGE_HEADERS);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(href("/staff"), { status: 303, headers });
}

export default function StaffLink({ loaderData, actionData }: Route.ComponentProps) {
  const usable = loaderData.name !== null && !actionData;
  return (
    <>
      <PageHeader kicker="Staff" heading="Sign in with a link">
        <p>{usable ? `This link signs ${loaderData.name} in on this device, once.` : USED}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        {usable ? (
          <Form method="post">
            <button type="submit" className="button button-primary">
              {`Sign in as ${loaderData.name}`}
            </button>
          </Form>
        ) : null}
      </div>
    </>
  );
}
