/**
 * One morning email to the salon listing the applicants whose "remind me on"
 * date has come (none when nothing is due). The daily housekeeping calls it
 * every hour; it sends once a salon day, from 08:00 in the salon's time: the
 * outbox row of the day's digest is what says it went, so a restart or a
 * second server never sends it twice.
 */
import { Text } from "@react-email/components";
import type { Db } from "~/.server/db/schema";
import { ButtonLink, EmailLayout, Lines, text, type EmailBrand } from "~/.server/email/layout";
import { renderEmail } from "~/.server/email/render.server";
import { enqueue, type MessageCaps } from "~/.server/outbox/outbox.server";
import { formatDayMonthYear, SALON_TIME_ZONE, salonToday } from "~/utils/dates";
import { dueApplicants } from "./applicants.server";
import { DIGEST_FROM_HOUR, digestAddress } from "./due-digest";

export const DIGEST_TEMPLATE = "due-digest";

const salonHour = (now: Date) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, hour: "2-digit", hour12: false }).format(now)) % 24;

interface DigestServices {
  db: Db;
  brand: EmailBrand;
  settings: { mail: { staffNotify: string } };
  outbox: { wake(): void };
  config: MessageCaps;
}

function Digest({ brand, items }: { brand: EmailBrand; items: { name: string; since: string }[] }) {
  return (
    <EmailLayout brand={brand} preview={`${items.length} due today`}>
      <Text style={text}>Good morning. These applicants have a reminder for today or earlier:</Text>
      <Text style={text}>
        <Lines lines={items.map((item) => <>{item.name} ({item.since})</>)} />
      </Text>
      <ButtonLink href={`${brand.publicUrl}/staff`} margin="8px 0 24px">Open the staff desk</ButtonLink>
    </EmailLayout>
  );
}

/** Queues today's digest if it is time, something is due, and it has not gone yet. Returns what it did. */
export async function sendDueDigest(services: DigestServices, now = new Date()): Promise<"sent" | "no-address" | "too-early" | "nothing-due" | "already-sent"> {
  // No address, no email: the staff desk says reminders show only there (digestRecipientLine).
  const to = digestAddress(services.settings.mail.staffNotify);
  if (!to) return "no-address";
  if (salonHour(now) < DIGEST_FROM_HOUR) return "too-early";
  const today = salonToday(now);
  const { db } = services;
  // Looked for first without the write lock, and again in the transaction that queues it.
  const sentToday = (db: Db) => db.selectFrom("outbox_messages").select("id").where("template", "=", DIGEST_TEMPLATE).where("related_id", "=", today).executeTakeFirst();
  if (await sentToday(db)) return "already-sent";
  const due = await dueApplicants(db, now);
  if (due.length === 0) return "nothing-due";
  const items = due.map((a) => ({ name: a.name, since: a.remind_on === today ? "today" : `since ${formatDayMonthYear(a.remind_on!)}` }));
  const email = await renderEmail(`Due today: ${due.length === 1 ? "1 applicant" : `${due.length} applicants`}`, <Digest brand={services.brand} items={items} />);
  const sent = await db.transaction().execute(async (trx) => {
    if (await sentToday(trx)) return false;
    await enqueue(trx, { channel: "email", to, template: DIGEST_TEMPLATE, trigger: "staff-alert", related: { type: DIGEST_TEMPLATE, id: today }, ...email }, services.config, now);
    return true;
  });
  if (!sent) return "already-sent";
  services.outbox.wake();
  return "sent";
}
