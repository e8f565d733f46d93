/**
 * The applicant page's invitation forms (a manager's or reception's): show
 * exactly what the invitation's email will say, send it (asking first when one
 * of the same kind is still to come), move it, call it off, and take any of
 * those emails back while it is held. The same module calls as the API's
 * invitation calls and DELETE /api/staff/outbox/{message_id}.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { takeBackEmail } from "~/modules/applicants/applicants.server";
import { formatInvitationWhen, invitationFormSchema, invitationSubjectLabels, moveFormSchema } from "~/modules/applicants/invitations";
import { alreadyInvited, applicantOfInvitation, changeInvitation, createInvitation, previewInvitation } from "~/modules/applicants/invitations.server";
import { servicesContext } from "./context";
import { staffContext } from "./staff-route.server";

const intent = "invitation" as const;

export async function invitationAction(context: Readonly<RouterContextProvider>, id: number, form: FormData) {
  const staff = context.get(staffContext);
  const services = context.get(servicesContext);
  switch (form.get("intent")) {
    case "undo-invitation": {
      const result = await takeBackEmail(services, staff, String(form.get("message_id") ?? ""), { invitationsOnly: true });
      if (result.kind === "not-found" || result.kind === "refused") return data({ intent, error: "That invitation is no longer here." }, { status: 404 });
      if (result.kind === "gone") return data({ intent, error: result.message }, { status: 409 });
      return { intent, takenBack: true as const };
    }
    case "invite-move": {
      const submission = parseWithZod(form, { schema: moveFormSchema });
      if (submission.status !== "success") return data({ intent, moveResult: submission.reply(), invitationId: Number(form.get("invitation_id")) }, { status: 400 });
      const { invitation_id, starts_at, minutes, place, note } = submission.value;
      if ((await applicantOfInvitation(services.db, invitation_id)) !== id) throw data("No invitation has that id", { status: 404 });
      const result = await changeInvitation(services, staff, invitation_id, { starts_at, minutes, place, note: note ?? "" });
      if (result.kind === "not-found") throw data("No invitation has that id", { status: 404 });
      if (result.kind !== "done") return data({ intent, error: result.message }, { status: result.kind === "conflict" ? 409 : 400 });
      return { intent, moved: formatInvitationWhen(new Date(result.invitation.starts_at), result.invitation.minutes), sendAt: result.sendAt };
    }
    case "invite-cancel": {
      const invitationId = moveFormSchema.in.shape.invitation_id.safeParse(form.get("invitation_id")).data;
      if (invitationId === undefined || (await applicantOfInvitation(services.db, invitationId)) !== id) throw data("No invitation has that id", { status: 404 });
      const result = await changeInvitation(services, staff, invitationId, "cancel");
      if (result.kind === "not-found") throw data("No invitation has that id", { status: 404 });
      if (result.kind !== "done") return data({ intent, error: result.message }, { status: 409 });
      return { intent, cancelled: true as const, sendAt: result.sendAt };
    }
  }
  const submission = parseWithZod(form, { schema: invitationFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { kind, date, time, minutes, place, note, starts_at } = submission.value;
  const invitation = { kind, starts_at, minutes, place, note };
  const again = form.get("again") === "true";
  if (submission.value.intent === "invite-preview") {
    const rendered = await previewInvitation(services, id, invitation);
    if (!rendered) throw data("No applicant has that id", { status: 404 });
    // Asked before it is sent: one of the same kind still to come makes the button send another on purpose.
    const already = await alreadyInvited(services.db, id, kind);
    // The fields the send button posts again: what is sent is what was previewed.
    const fields: Record<string, string> = { kind, date, time, minutes: String(minutes), place, note: note ?? "", ...(already ? { again: "true" } : {}) };
    return { intent, preview: { kind, subject: rendered.subject, text: rendered.text, fields, already: already?.message ?? null } };
  }
  const result = await createInvitation(services, staff, id, invitation, { again });
  if (result.kind === "not-found") throw data("No applicant has that id", { status: 404 });
  if (result.kind === "conflict" || result.kind === "already") return data({ intent, error: result.message }, { status: 409 });
  return { intent, sent: invitationSubjectLabels[kind], reminderAt: result.reminderAt, sendAt: result.sendAt };
}
