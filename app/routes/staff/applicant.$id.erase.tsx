/**
 * Erasing an applicant on request, confirmed twice: this page (reached from
 * the applicant's page) explains what goes, and the button works only with
 * the word ERASE typed. Works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { EraseConfirm } from "~/components/staff/erase-confirm";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { eraseApplicant } from "~/modules/applicants/applicants.server";
import { eraseFormSchema } from "~/modules/applicants/staff-schemas";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { applicantIdParam, staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/applicant.$id.erase";

export const handle: StaffHandle = { staffTitle: "Erase applicant" };
export const meta = () => staffMeta("Erase applicant");

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = applicantIdParam(params.id);
  const applicant = await context.get(servicesContext).db.selectFrom("job_applicants").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
  if (!applicant) throw data("No applicant has that id", { status: 404 });
  return { applicant };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const id = applicantIdParam(params.id);
  const submission = parseWithZod(form, { schema: eraseFormSchema });
  if (submission.status !== "success") return data({ intent: "erase" as const, result: submission.reply() }, { status: 400 });
  const result = await eraseApplicant(services.db, staff, id);
  if (result.kind === "not-found") throw data("No applicant has that id", { status: 404 });
  services.logger.info({ event: "applicant-erased", staff: staff.name, applicant: id }, "applicant erased on request");
  throw redirect(`${href("/applicants")}?erased=${id}`, 303);
}

export default function EraseApplicant({ loaderData, actionData }: Route.ComponentProps) {
  const { applicant } = loaderData;
  return (
    <StaffFrame title={`Erase ${applicant.name}?`}>
      <EraseConfirm
        formId="erase-applicant"
        lastResult={actionData?.intent === "erase" ? actionData.result : undefined}
        keep={{ to: href("/applicant/:id", { id: String(applicant.id) }), label: "Keep this applicant" }}
        warning={`This deletes the application and any CV sent with it, every note about it and every email to or about this person, for good. It can't be undone. The history keeps one line: who erased applicant #${applicant.id}, and when.`}
      >
        <p>Use it when the person asks us to delete their details. To take someone off the lists but keep their details for now, archive them instead.</p>
      </EraseConfirm>
    </StaffFrame>
  );
}
