/**
 * Interview and trial-day invitations (api-contract.md, "Applicant desk"):
 * what a manager sends, checked the same way from the API and the page, and
 * how its time reads in the email. Pure.
 */
import { z } from "zod";
import { addDaysIso, SALON_TIME_ZONE, salonLocalToInstant, salonToday } from "~/utils/dates";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "~/utils/safe-text";

export const invitationKinds = ["interview", "trial"] as const;
export type InvitationKind = (typeof invitationKinds)[number];
export const invitationKindLabels: Record<InvitationKind, string> = { interview: "Interview", trial: "Trial day" };

export const PLACE_MAX = 200;
export const INVITATION_NOTE_MAX = 1000;
export const MINUTES_MIN = 15;
/** A trial day is a working day: at most eight hours. */
export const MINUTES_MAX = 8 * 60;

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const startsAtSchema = z
  .string({ error: "Give the date and time it starts" })
  .trim()
  .refine((v) => ISO_WITH_ZONE.test(v) && !Number.isNaN(new Date(v).getTime()), "Give the start as an ISO 8601 date and time with its offset, e.g. 2026-03-28T10:00:00Z")
  .refine((v) => new Date(v).getTime() > Date.now(), "The start must be in the future");

export const minutesSchema = z.coerce
  .number({ error: "Give the length in minutes" })
  .int("Give the length in whole minutes")
  .min(MINUTES_MIN, `At least ${MINUTES_MIN} minutes`)
  .max(MINUTES_MAX, `At most ${MINUTES_MAX / 60} hours`);

export const placeSchema = z
  .string({ error: "Say where" })
  .trim()
  .min(1, "Say where")
  .max(PLACE_MAX, `Please keep the place to ${PLACE_MAX} characters or fewer`)
  .refine((v) => isCleanText(v, false), CONTROL_CHARACTERS_MESSAGE);

const kindSchema = z.enum(invitationKinds, { error: "Choose an interview or a trial day" });
const noteSchema = z
  .string({ error: "A note is text" })
  .trim()
  .max(INVITATION_NOTE_MAX, `Please keep the note to ${INVITATION_NOTE_MAX} characters or fewer`)
  .refine((v) => isCleanText(v), CONTROL_CHARACTERS_MESSAGE);

/** POST /api/staff/applicants/{id}/invitation */
export const invitationSchema = z.object({
  kind: kindSchema,
  starts_at: startsAtSchema,
  minutes: minutesSchema,
  place: placeSchema,
  note: noteSchema.optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The same, with `again: true` to send it although one of the same kind is still to come. */
export const invitationRequestSchema = invitationSchema.extend({ again: z.boolean({ error: "again is true or false" }).optional() });

export const NOTHING_TO_MOVE = "Give a new start, length, place or note";

/** PATCH /api/staff/invitations/{id}: any of the start, the length, the place and the note. */
export const invitationChangeSchema = z
  .object({ starts_at: startsAtSchema.optional(), minutes: minutesSchema.optional(), place: placeSchema.optional(), note: noteSchema.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), NOTHING_TO_MOVE);
export type InvitationChange = z.infer<typeof invitationChangeSchema>;

/** The values an invitation has after `change`, and whether any differs from what it had. */
export function applyChange<T extends Omit<Invitation, "kind">>(current: T, change: InvitationChange): { next: T; changed: boolean } {
  const next = { ...current };
  if (change.starts_at !== undefined) next.starts_at = new Date(change.starts_at).toISOString();
  if (change.minutes !== undefined) next.minutes = change.minutes;
  if (change.place !== undefined) next.place = change.place;
  if (change.note !== undefined) next.note = change.note === "" ? undefined : change.note;
  const same = (a: T) => [new Date(a.starts_at).getTime(), a.minutes, a.place, a.note ?? ""].join("\u0000");
  return { next, changed: same(next) !== same(current) };
}

/**
 * An invitation's state (api-contract.md): `cancelled` once called off or taken
 * back; `held` while its latest email can still be taken back; `moved` once a
 * move has left; `sent` once the first invitation has.
 */
export type InvitationState = "held" | "sent" | "moved" | "cancelled";
export function invitationState(i: { cancelled: boolean; latestHeld: boolean; latestSequence: number }): InvitationState {
  if (i.cancelled) return "cancelled";
  if (i.latestHeld) return "held";
  return i.latestSequence > 0 ? "moved" : "sent";
}
export const invitationStateLabels: Record<InvitationState, string> = { held: "waiting to go", sent: "sent", moved: "moved", cancelled: "cancelled" };

/** One invitation as the applicant's page lists it: the server adds when it starts and its latest email; the page, the salon's day and time. */
export interface InvitationListed {
  id: number;
  kind: InvitationKind;
  label: string;
  when: string;
  place: string;
  note: string | null;
  minutes: number;
  state: InvitationState;
  /** Taken back before its first email left: never sent at all. */
  withdrawn: boolean;
  /** Still to come and not cancelled: it can be moved or called off. */
  open: boolean;
}

/** "Sam already has an interview on Saturday 28 March 2026 at 10:00 to 11:00." */
export function alreadyInvitedMessage(kind: InvitationKind, firstName: string, when: string): string {
  const what = kind === "trial" ? "a trial day" : "an interview";
  return `${firstName} already has ${what} coming up: ${when}. Send another only if you mean to.`;
}

/** The email that moves an invitation: the salon's own wording, opened by a line saying it has moved. */
export function movedEmail(template: { subject: string; body: string }, kind: InvitationKind): { subject: string; body: string } {
  return {
    subject: `Moved: ${template.subject}`,
    body: `Your ${invitationKindLabels[kind].toLowerCase()} has moved. The new details are below, and the calendar entry updates the one you have.\n\n${template.body}`,
  };
}

/** The email that calls an invitation off, with placeholders for the applicant, the salon, when and where. */
export function cancelledEmail(kind: InvitationKind): { subject: string; body: string } {
  const what = invitationKindLabels[kind].toLowerCase();
  return {
    subject: `Cancelled: your ${what} at {{salon}}`,
    body: [
      "Hi {{first_name}},",
      `We're sorry: your ${what} with {{salon}} on {{when}}, at {{place}}, is cancelled. The calendar entry with this email removes it from your calendar.`,
      "We will be in touch about another time. If you have any questions, just reply to this email.",
      "The education team at {{salon}}",
    ].join("\n\n"),
  };
}

/** The day, time, length, place and note as the applicant page's invite and move forms ask for them. */
const formWhenFields = {
  date: z.string({ error: "Choose the day" }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the day"),
  time: z.string({ error: "Choose the time it starts" }).trim().regex(/^\d{2}:\d{2}$/, "Choose the time it starts"),
  minutes: minutesSchema,
  place: placeSchema,
  note: noteSchema.optional(),
};

/**
 * The form's values with the day and time (the salon's clock) as the instant it starts, still to come; else
 * the issue on `date`, `noSuchTime` when the day and time name no instant at all.
 */
function withStartsAt<V extends { date: string; time: string }>(value: V, ctx: z.RefinementCtx, noSuchTime: string) {
  const startsAt = salonLocalToInstant(`${value.date}T${value.time}`);
  if (startsAt && startsAt.getTime() > Date.now()) return { ...value, starts_at: startsAt.toISOString() };
  ctx.addIssue({ code: "custom", path: ["date"], message: startsAt ? "Choose a day and time in the future" : noSuchTime });
  return z.NEVER;
}

/**
 * The applicant page's invitation form: the day and the time as the salon's
 * clock shows them (a date and a time field), the same rules as the API's
 * otherwise. `intent` is "invite-preview" (show what will be sent) or "invite" (send it).
 */
export const invitationFormSchema = z
  .object({
    intent: z.enum(["invite-preview", "invite"]),
    kind: kindSchema,
    ...formWhenFields,
  })
  .transform((value, ctx) => withStartsAt(value, ctx, "Choose the day"));

/**
 * The applicant page's form that moves an invitation: a new day, time, length,
 * place and note (all shown filled in with what it says now).
 */
export const moveFormSchema = z
  .object({
    intent: z.literal("invite-move"),
    invitation_id: z.coerce.number().int().positive(),
    ...formWhenFields,
  })
  .transform((value, ctx) => withStartsAt(value, ctx, "Choose a day and time in the future"));

/** The outbox template of an invitation's email ("applicant-trial"): the worker makes its calendar file by it. */
export const invitationEmailTemplates = { interview: "applicant-interview", trial: "applicant-trial" } as const satisfies Record<InvitationKind, string>;
export const isInvitationEmail = (template: string) => (Object.values(invitationEmailTemplates) as string[]).includes(template);

/** "Send trial-day invitation to Sam": what the send button and the record call it. */
export const invitationSubjectLabels: Record<InvitationKind, string> = { interview: "interview invitation", trial: "trial-day invitation" };

/** The calendar event's UID: one per invitation, the same in every copy sent (RFC 5545 3.8.4.7). */
export function invitationUid(invitationId: number, siteHost: string): string {
  return `invitation-${invitationId}@${siteHost}`;
}

/** When the salon texts the reminder: 10:00 in London on the day before. */
export const REMINDER_HOUR = 10;

/**
 * The text reminder's time for an invitation starting at `startsAt`: 10:00
 * (salon time) the day before, or null when that is not after `notBefore`
 * (the email's own hold, so the reminder never arrives before the invitation).
 */
export function reminderSendAt(startsAt: Date, notBefore: Date): Date | null {
  const dayBefore = addDaysIso(salonToday(startsAt), -1).slice(0, 10);
  const at = salonLocalToInstant(`${dayBefore}T${String(REMINDER_HOUR).padStart(2, "0")}:00`);
  return at && at.getTime() > notBefore.getTime() ? at : null;
}

/** The text the day before: short enough for one or two messages, with the time and the place. */
export function reminderText(kind: InvitationKind, firstName: string, salon: string, startsAt: Date, place: string): string {
  return `Hi ${firstName}, a reminder of your ${invitationKindLabels[kind].toLowerCase()} with ${salon} tomorrow at ${timeFormat.format(startsAt)}, at ${place}. If you can't make it, please reply to our email.`;
}

/** The note, when there is one, closes the email: the template's wording stays as the salon set it. */
export function withNote(text: string, note: string | null | undefined): string {
  return note ? `${text}\n\nP.S. ${note}` : text;
}

const whenFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SALON_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const timeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: false });

/** "Saturday 28 March 2026 at 10:00 to 16:00", in the salon's time. */
export function formatInvitationWhen(startsAt: Date, minutes: number): string {
  const parts = whenFormat.formatToParts(startsAt);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const end = new Date(startsAt.getTime() + minutes * 60_000);
  return `${get("weekday")} ${get("day")} ${get("month")} ${get("year")} at ${get("hour")}:${get("minute")} to ${timeFormat.format(end)}`;
}
