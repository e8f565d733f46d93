/**
 * Erasing an applicant on request, confirmed twice: this page (reached from
 * the applicant's page) explains what goes, and the button works only with
 * the word ERASE typed. Works without JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { EraseConfirm } from "~/components/staff/erase-confirm";
import { StaffSignIn } from "~/components/staff/pin-form";
import { StaffFrame } from "~/components/staff/staff-frame";
import { eraseApplicant } from "~/modules/applicants/applicants.server";
import { eraseFormSchema } from "~/modules/applicants/staff-schemas";
import { staffHeaders, staffMeta } from "~/web/staff-page";
import { applicantIdParam, staffAction, staffLoader } from "~/web/staff-route.server";
import type { Route } from "./+types/applicant.erase";

export const meta = () => staffMeta("Erase applicant");
export const headers = staffHeaders;

export function loader(args: Route.LoaderArgs) {
  return staffLoader(args, async ({ services }) => {
    const id = applicantIdParam(args.params.id);
    const applicant = await services.db.selectFrom("job_applicants").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
    if (!applicant) throw data("No applicant has that id", { status: 404 });
    return { applicant };
  });
}

export function action(args: Route.ActionArgs) {
  return staffAction(args, async ({ services, staff, form }) => {
    const id = applicantIdParam(args.params.id);
    const submission = parseWithZod(form, { schema: eraseFormSchema });
    if (submission.status !== "success") return data({ intent: "erase" as const, result: submission.reply() }, { status: 400 });
    const result = await eraseApplicant(services.db, staff, id);
    if (result.kind === "not-found") throw data("No applicant has that id", { status: 404 });
    services.logger.info({ event: "applicant-erased", staff: staff.name, applicant: id }, "applicant erased on request");
    throw redirect(`/applicants?erased=${id}`, 303);
  });
}

export default function EraseApplicant({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return <StaffSignIn title="Erase applicant" lastResult={actionData?.intent === "sign-in" ? actionData.result : undefined} />;
  }
  const { staffName, applicant } = loaderData;
  return (
    <StaffFrame staffName={staffName} title={`Erase ${applicant.name}?`}>
      <EraseConfirm
        formId="erase-applicant"
        lastResult={actionData?.intent === "erase" ? actionData.result : undefined}
        keep={{ to: `/applicant/${applicant.id}`, label: "Keep this applicant" }}
        warning={`This deletes the application, every note about it and every email to or about this person, for good. It can't be undone. The history keeps one line: who erased applicant #${applicant.id}, and when.`}
      >
        <p>Use it when the person asks us to delete their details. To take someone off the lists but keep their details for now, archive them instead.</p>
      </EraseConfirm>
    </StaffFrame>
  );
}
