/**
 * Interview and trial-day invitations (api-contract.md, "Applicant desk"):
 * what a manager sends, checked the same way from the API and the page, and
 * how its time reads in the email. Pure.
 */
import { z } from "zod";
import { SALON_TIME_ZONE } from "~/utils/dates";
import { CONTROL_CHARACTERS_MESSAGE, isCleanText } from "~/utils/safe-text";

export const invitationKinds = ["interview", "trial"] as const;
export type InvitationKind = (typeof invitationKinds)[number];
export const invitationKindLabels: Record<InvitationKind, string> = { interview: "Interview", trial: "Trial day" };

export const PLACE_MAX = 200;
export const INVITATION_NOTE_MAX = 1000;
export const MINUTES_MIN = 15;
export const MINUTES_MAX = 12 * 60;

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

export const invitationSchema = z.object({
  kind: z.enum(invitationKinds, { error: "Choose an interview or a trial day" }),
  starts_at: startsAtSchema,
  minutes: minutesSchema,
  place: placeSchema,
  note: z
    .string({ error: "A note is text" })
    .trim()
    .max(INVITATION_NOTE_MAX, `Please keep the note to ${INVITATION_NOTE_MAX} characters or fewer`)
    .refine((v) => isCleanText(v), CONTROL_CHARACTERS_MESSAGE)
    .optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

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

/** The salon's wall-clock time ("2026-03-28T10:00") as the instant it is in Europe/London, whatever the season. */
export function salonLocalToInstant(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // The offset London had at that moment: try the guess, then correct once (BST is +1).
  const offsetAt = (t: number) => {
    const p = new Intl.DateTimeFormat("en-GB", { timeZone: SALON_TIME_ZONE, hour: "2-digit", minute: "2-digit", hour12: false, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date(t));
    const g = (type: string) => Number(p.find((x) => x.type === type)?.value);
    return Date.UTC(g("year"), g("month") - 1, g("day"), g("hour") % 24, g("minute")) - t;
  };
  const first = guess - offsetAt(guess);
  const instant = guess - offsetAt(first);
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}
