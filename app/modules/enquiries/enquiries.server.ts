/**
 * Storing what visitors send through the public forms, with the messages that
 * follow, in one transaction each: if the record is stored, its messages are
 * queued; if anything fails, neither is.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "~/.server/db/schema";
import type { EmailBrand } from "~/.server/email/layout";
import { enqueue, type MessageCaps } from "~/.server/outbox/outbox.server";
import type { OutboxWorker } from "~/.server/outbox/worker.server";
import type { Settings } from "~/modules/site/content-schema";
import { renderApplicantAlert, renderApplicantThankYou, type ApplicantMessageData } from "./applicant-emails.server";
import { renderContactMessage } from "./contact-email.server";
import { labelOf, positions, roles, type contactSchema, type interestSchema, type joinUsSchema, type modelSchema } from "./schemas";

/** What storing an enquiry needs: the database, the emails' brand, where staff alerts go, and the outbox to wake. */
export interface EnquiryServices {
  db: Kysely<Database>;
  brand: EmailBrand;
  settings: Pick<Settings, "mail">;
  outbox: Pick<OutboxWorker, "wake">;
  /** The outbox's caps (the configuration's VISITOR_MESSAGES_PER_HOUR). */
  config: MessageCaps;
}
type Services = EnquiryServices;

/** Applications from the same email or mobile within this many days are flagged for staff. */
export const DUPLICATE_WINDOW_DAYS = 30;

const firstName = (name: string) => name.split(/\s+/)[0] ?? name;

export async function submitJoinUs(services: Services, input: z.output<typeof joinUsSchema>, now = new Date()) {
  const { db, brand } = services;
  const at = now.toISOString();
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * 86_400_000).toISOString();
  const salon = await db.selectFrom("salons").select("name").where("id", "=", input.salon).executeTakeFirst();

  const id = await db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom("job_applicants")
      .select("id")
      .where((eb) => eb.or([eb("email", "=", input.email), eb("mobile", "=", input.mobile)]))
      .where("created_at", ">", since)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto("job_applicants")
      .values({ ...input, follow_up: "", possible_duplicate: earlier ? 1 : 0, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const data: ApplicantMessageData = {
      id,
      firstName: firstName(input.name),
      fullName: input.name,
      role: labelOf(roles, input.role),
      position: labelOf(positions, input.position),
      salonName: salon?.name ?? brand.name,
      possibleDuplicate: Boolean(earlier),
    };
    const related = { type: "applicant", id: String(id) };
    const [thanks, alert] = await Promise.all([renderApplicantThankYou(brand, data), renderApplicantAlert(brand, data)]);
    await enqueue(trx, { channel: "email", to: input.email, template: "applicant-thank-you", related, ...thanks }, services.config, now);
    await enqueue(trx, { channel: "email", to: services.settings.mail.staffNotify, template: "applicant-alert", trigger: "staff-alert", related, ...alert }, services.config, now);
    return id;
  });
  services.outbox.wake();
  return { id };
}

export async function submitModel(services: Services, input: z.output<typeof modelSchema>, now = new Date()) {
  const at = now.toISOString();
  const { id } = await services.db
    .insertInto("model_applicants")
    .values({
      name: input.name,
      mobile: input.mobile,
      info: input.info,
      health: input.health_consent && input.health ? input.health : null,
      health_consent_at: input.health_consent && input.health ? at : null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id };
}

export async function submitContact(services: Services, input: z.output<typeof contactSchema>, now = new Date()) {
  const { db, brand } = services;
  const rendered = await renderContactMessage(brand, input);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("contact_messages")
      .values({ ...input, created_at: now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueue(
      trx,
      {
        channel: "email",
        to: services.settings.mail.staffNotify,
        trigger: "staff-alert",
        replyTo: input.email,
        template: "contact-message",
        related: { type: "contact", id: String(id) },
        ...rendered,
      },
      services.config,
      now,
    );
    return id;
  });
  services.outbox.wake();
  return { id };
}

export async function submitInterest(
  services: Services,
  kind: "open-evening" | "feedback",
  input: z.output<typeof interestSchema> & { feedback?: string },
  now = new Date(),
) {
  const { id } = await services.db
    .insertInto("interest_registrations")
    .values({ kind, name: input.name, mobile: input.mobile, feedback: input.feedback || null, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id };
}
