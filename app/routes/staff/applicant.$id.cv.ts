/**
 * An applicant's CV, for any signed-in staff member: always downloaded as a
 * file, never shown in the page (decision record 0037). The staff layout's
 * guard has checked the session; 404 when the applicant sent none.
 */
import { data, redirect } from "react-router";
import { cvDownload } from "~/modules/applicants/cv.server";
import { servicesContext } from "~/web/context";
import { STAFF_PAGE_HEADERS } from "~/web/staff-page";
import { applicantIdParam, staffContext } from "~/web/staff-route.server";
import type { Route } from "./+types/applicant.$id.cv";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const cv = await cvDownload(db, context.get(staffContext), applicantIdParam(params.id));
  if (!cv) throw data("This applicant sent no CV", { status: 404 });
  return new Response(new Uint8Array(cv.bytes), { headers: { "X-Robots-Tag": STAFF_PAGE_HEADERS["X-Robots-Tag"], ...cv.headers } });
}

/** Only the guard's sign-in form posts here: once signed in, back to the download's applicant. */
export function action({ params }: Route.ActionArgs) {
  return redirect(`/applicant/${applicantIdParam(params.id)}`, 303);
}
