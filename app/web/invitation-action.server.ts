/**
 * The applicant page's invitation forms (a manager's): show exactly what the
 * invitation's email will say, send it, and take it back while it is held.
 * The same module calls as POST /api/staff/applicants/{id}/invitation and
 * DELETE /api/staff/outbox/{message_id}.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { takeBackEmail } from "~/modules/applicants/applicants.server";
import { invitationFormSchema, invitationSubjectLabels } from "~/modules/applicants/invitations";
import { createInvitation, previewInvitation } from "~/modules/applicants/invitations.server";
import { servicesContext } from "./context";
import { requireRole } from "./staff-route.server";

export async function invitationAction(context: Readonly<RouterContextProvider>, id: number, form: FormData) {
  const staff = requireRole(context, "manager");
  const services = context.get(servicesContext);
  if (form.get("intent") === "undo-invitation") {
    const messageId = String(form.get("message_id") ?? "");
    const result = /^[0-9a-f-]{36}$/.test(messageId) ? await takeBackEmail(services.db, staff, messageId) : ({ kind: "not-found" } as const);
    if (result.kind === "not-found") return data({ intent: "invitation" as const, error: "That invitation is no longer here." }, { status: 404 });
    if (result.kind === "gone") return data({ intent: "invitation" as const, error: result.message }, { status: 409 });
    return { intent: "invitation" as const, takenBack: true as const };
  }
  const submission = parseWithZod(form, { schema: invitationFormSchema });
  if (submission.status !== "success") return data({ intent: "invitation" as const, result: submission.reply() }, { status: 400 });
  const { intent, kind, date, time, minutes, place, note, starts_at } = submission.value;
  const invitation = { kind, starts_at, minutes, place, note };
  if (intent === "invite-preview") {
    const rendered = await previewInvitation(services, id, invitation);
    if (!rendered) throw data("No applicant has that id", { status: 404 });
    // The fields the send button posts again: what is sent is what was previewed.
    const fields = { kind, date, time, minutes: String(minutes), place, note: note ?? "" };
    return { intent: "invitation" as const, preview: { kind, subject: rendered.subject, text: rendered.text, fields } };
  }
  const result = await createInvitation(services, staff, id, invitation);
  if (result.kind === "not-found") throw data("No applicant has that id", { status: 404 });
  if (result.kind === "conflict") return data({ intent: "invitation" as const, error: result.message }, { status: 409 });
  return { intent: "invitation" as const, sent: invitationSubjectLabels[kind], reminderAt: result.reminderAt };
}
