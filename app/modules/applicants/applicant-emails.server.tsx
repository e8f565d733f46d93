/**
 * The emails staff send to an applicant: the templates as the salon has them
 * (edited, or as shipped), the one rendering that both the preview and the
 * send use, and the list of what was sent for the applicant's record.
 */
import { Text } from "@react-email/components";
import type { Db } from "~/.server/db/schema";
import { EmailLayout, Lines, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmailHtml, type RenderedEmail } from "~/.server/email/render.server";
import { enqueue, type MessageCaps } from "~/.server/outbox/outbox.server";
import { roleWords } from "~/modules/submissions/applicant-emails.server";
import { submissionKinds } from "~/modules/submissions/kinds";
import { firstName } from "~/utils/text";
import type { Actor } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { ApplicantAction } from "./history";
import { defaultTemplates, emailTemplateLabels, fillTemplate, paragraphsOf, placeholdersOf, type EmailTemplateName, type Placeholder, type TemplateText } from "./email-templates";

/** The join-us kind's one name: its applicants' audit subject and their messages' related type. */
export const AUDIT_SUBJECT = submissionKinds.joinus.name;

/** The audit trail's line of an action on applicant `id`. */
export const audit = (actor: Actor, id: number, action: ApplicantAction, detail?: string) => ({
  actor: actor.name,
  action,
  subjectType: AUDIT_SUBJECT,
  subjectId: id,
  detail: detail ?? null,
});

export interface StoredTemplate extends TemplateText {
  name: EmailTemplateName;
  /** Who last changed it and when; null while it is the shipped wording. */
  changed: { by: string; at: string } | null;
}

export async function loadTemplate(db: Db, name: EmailTemplateName): Promise<StoredTemplate> {
  const row = await db.selectFrom("email_templates").selectAll().where("name", "=", name).executeTakeFirst();
  if (!row) return { name, ...defaultTemplates[name], changed: null };
  return { name, subject: row.subject, body: row.body, changed: { by: row.updated_by, at: row.updated_at } };
}

/** Saves a manager's wording (already checked with templateSchema), recorded in the audit trail. */
export async function saveTemplate(db: Db, actor: Actor, name: EmailTemplateName, value: TemplateText, now = new Date()): Promise<StoredTemplate> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = { subject: value.subject, body: value.body, updated_by: actor.name, updated_at: at };
    await trx.insertInto("email_templates").values({ name, ...row }).onConflict((oc) => oc.column("name").doUpdateSet(row)).execute();
    await recordAudit(trx, { actor: actor.name, action: "template-edited", subjectType: "email-template", subjectId: name, detail: emailTemplateLabels[name] }, now);
  });
  return loadTemplate(db, name);
}

/** The API's shape of a template. */
export const templateJson = (t: StoredTemplate) => ({
  template: t.name,
  subject: t.subject,
  body: t.body,
  placeholders: placeholdersOf[t.name].map((p) => `{{${p}}}`),
  updated_by: t.changed?.by ?? null,
  updated_at: t.changed?.at ?? null,
});

/** What sends an applicant an email: `config` holds the outbox's caps (a staff email is never held back by them, but counts towards the hour) and the hold before it leaves. */
export interface StaffEmailServices {
  db: Db;
  brand: EmailBrand;
  outbox: { wake(): void };
  config: MessageCaps & { staffEmailHoldSeconds: number };
}

/**
 * Sends an applicant what staff chose to send: `work` queues it, and writes what goes with it, in one transaction.
 * An email staff send an applicant is held STAFF_EMAIL_HOLD_SECONDS, so it can be taken back: held until
 * `holdUntil`, it leaves at `sendAt` (never before now). The outbox is woken once it is done.
 */
export async function sendHeld<R extends { kind: string }>(services: StaffEmailServices, now: Date, work: (trx: Db, hold: { holdUntil: Date; sendAt: string }) => Promise<R>): Promise<R> {
  const holdUntil = new Date(now.getTime() + services.config.staffEmailHoldSeconds * 1000);
  const result = await services.db.transaction().execute((trx) => work(trx, { holdUntil, sendAt: (holdUntil > now ? holdUntil : now).toISOString() }));
  if (result.kind === "done") services.outbox.wake();
  return result;
}

/** An email to applicant `id`, held until `holdUntil`. Staff chose to send it: never held back by the caps on what visitors can make the site send. */
export const queueApplicantEmail = (trx: Db, caps: MessageCaps, to: string, template: string, id: number, rendered: RenderedEmail, holdUntil: Date, now: Date) =>
  enqueue(trx, { channel: "email", to, template, related: { type: AUDIT_SUBJECT, id: String(id) }, trigger: "staff", holdUntil, ...rendered }, caps, now);

/** The values an applicant's email fills in; invitations add when and where. */
export async function placeholderValues(
  db: Db,
  brand: EmailBrand,
  applicant: { name: string; role: string; salon: number },
  extra: Partial<Record<Placeholder, string>> = {},
): Promise<Partial<Record<Placeholder, string>>> {
  const salon = await db.selectFrom("salons").select("name").where("id", "=", applicant.salon).executeTakeFirst();
  return { first_name: firstName(applicant.name), salon: salon?.name ?? brand.name, role: roleWords(applicant.role), ...extra };
}

function TemplateEmail({ brand, preview, body }: { brand: EmailBrand; preview: string; body: string }) {
  return (
    <EmailLayout brand={brand} preview={preview}>
      {paragraphsOf(body).map((lines, i) => (
        <Text key={i} style={text}>
          <Lines lines={lines} />
        </Text>
      ))}
    </EmailLayout>
  );
}

/**
 * Exactly what is sent: the preview shows this, and the send queues this. The
 * text is the wording as the salon wrote it; the HTML is the same frame as
 * every other email's (title, colour scheme, Outlook's 560 px card).
 */
export async function renderTemplateEmail(brand: EmailBrand, template: TemplateText, values: Partial<Record<Placeholder, string>>): Promise<RenderedEmail> {
  const subject = fillTemplate(template.subject, values);
  const body = fillTemplate(template.body, values).replace(/\r\n?/g, "\n");
  const html = await renderEmailHtml(subject, <TemplateEmail brand={brand} preview={subject} body={body} />);
  return { subject, text: body, html };
}

/** Every email the site sent (or is about to send) to this applicant, newest first, for their record; `heldUntil` while staff may still take it back. */
export async function emailsOf(db: Db, id: number, now = new Date()) {
  const applicant = await db.selectFrom("job_applicants").select("email").where("id", "=", id).executeTakeFirst();
  if (!applicant) return [];
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["id", "template", "subject", "body_text", "status", "created_at", "sent_at", "held_until", "attempts"])
    .where("related_type", "=", AUDIT_SUBJECT)
    .where("related_id", "=", String(id))
    .where("channel", "=", "email")
    // What the applicant received: the alerts to the salon about them are not theirs.
    .where("recipient", "=", applicant.email)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    template: r.template,
    subject: r.subject ?? "",
    text: r.body_text,
    status: r.status,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    heldUntil: r.status === "pending" && r.attempts === 0 && r.held_until && r.held_until > now.toISOString() ? r.held_until : null,
  }));
}
