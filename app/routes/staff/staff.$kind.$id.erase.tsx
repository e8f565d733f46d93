/**
 * Erasing an inbox record on request, confirmed twice: this page (reached
 * from the record's card) says what goes, and the button works only with the
 * word ERASE typed. The audit trail keeps who erased which number, and when.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { EraseConfirm } from "~/components/staff/erase-confirm";
import { StaffFrame } from "~/components/staff/staff-frame";
import type { StaffHandle } from "~/components/staff/staff-refusal";
import { eraseFormSchema } from "~/modules/applicants/staff-schemas";
import { recordIdFrom } from "~/modules/fields/form-fields";
import { inboxPath, inboxText, isInboxKind, type InboxKind } from "~/modules/inbox/inbox-kinds";
import { eraseInboxRecord, getInboxRecord } from "~/modules/inbox/inbox.server";
import { servicesContext } from "~/web/context";
import { staffMeta } from "~/web/staff-page";
import { staffPost } from "~/web/staff-route.server";
import type { Route } from "./+types/staff.$kind.$id.erase";

export const handle: StaffHandle = { staffTitle: "Erase" };
export const meta = () => staffMeta("Erase");

function recordParams(params: Route.LoaderArgs["params"]): { kind: InboxKind; id: number } {
  const id = recordIdFrom(params.id);
  if (!isInboxKind(params.kind) || id === undefined) throw data("Nothing here has that id", { status: 404 });
  return { kind: params.kind, id };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { kind, id } = recordParams(params);
  const record = await getInboxRecord(context.get(servicesContext).db, kind, id);
  if (!record) throw data("Nothing here has that id", { status: 404 });
  return { kind, id, name: record.name };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, staff, form } = await staffPost(context, request);
  const { kind, id } = recordParams(params);
  const submission = parseWithZod(form, { schema: eraseFormSchema });
  if (submission.status !== "success") return data({ intent: "erase" as const, result: submission.reply() }, { status: 400 });
  if (!(await eraseInboxRecord(services.db, staff, kind, id))) throw data("Nothing here has that id", { status: 404 });
  services.logger.info({ event: "inbox-record-erased", staff: staff.name, kind, id }, "inbox record erased on request");
  throw redirect(`${inboxPath(kind)}?erased=${id}`, 303);
}

export default function EraseInboxRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, name } = loaderData;
  const what = inboxText[kind].one;
  return (
    <StaffFrame title={`Erase ${name}?`}>
      <EraseConfirm
        formId="erase-record"
        lastResult={actionData?.intent === "erase" ? actionData.result : undefined}
        keep={{ to: inboxPath(kind), label: "Keep it" }}
        warning={`This deletes the ${what} from ${name}${kind === "messages" ? ", and the site's copy of the email it sent the salon about it," : ""} for good. It can't be undone. The history keeps one line: who erased ${what} #${id}, and when.`}
      >
        <p>Use it when the person asks us to delete their details. To clear it from the list but keep it for now, mark it handled instead.</p>
        {kind === "messages" ? <p>The email already in the salon's mailbox is not touched: delete it there too.</p> : null}
      </EraseConfirm>
    </StaffFrame>
  );
}
