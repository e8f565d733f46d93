/**
 * An invitation's calendar file (RFC 5545): one event, `METHOD:REQUEST` so
 * mail programs offer to add it (a move is a REQUEST with a higher SEQUENCE),
 * or `METHOD:CANCEL` with the event `CANCELLED` when it is called off; its start and end in the salon's time zone
 * with that zone's own daylight-saving rules (a VTIMEZONE), and a UID that stays
 * the same for the invitation. Made with ical-generator; the VTIMEZONE comes
 * from @touch4it/ical-timezones (decision 0038). Pure.
 */
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { SALON_TIME_ZONE } from "~/utils/dates";
import { invitationKindLabels, type InvitationKind } from "./invitations";

export interface CalendarInvitation {
  uid: string;
  kind: InvitationKind;
  startsAt: Date;
  minutes: number;
  place: string;
  note: string | null;
  /** The salon: who invites. */
  organizer: { name: string; email: string };
  /** The applicant. */
  attendee: { name: string; email: string };
  /** When this email about it was made: its DTSTAMP. */
  stamp: Date;
  /** 0 for the first invitation, one more for each move or the cancellation (RFC 5545 3.8.7.4). */
  sequence?: number;
  /** "cancel": the invitation is called off. */
  method?: "request" | "cancel";
}

export function invitationCalendar(invitation: CalendarInvitation): string {
  const calendar = ical({
    prodId: { company: invitation.organizer.name, product: "Applicant desk", language: "EN" },
    method: invitation.method === "cancel" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // The generator writes a VTIMEZONE for every zone an event names. The calendar itself names
  // none, so DTSTAMP stays in UTC (RFC 5545 3.8.7.2 asks for that) while the times carry TZID.
  calendar.timezone({ name: "", generator: getVtimezoneComponent });
  const inSalon = (instant: Date) => new TZDate(instant.getTime(), SALON_TIME_ZONE);
  const what = invitationKindLabels[invitation.kind];
  calendar.createEvent({
    id: invitation.uid,
    sequence: invitation.sequence ?? 0,
    stamp: invitation.stamp,
    start: inSalon(invitation.startsAt),
    end: inSalon(new Date(invitation.startsAt.getTime() + invitation.minutes * 60_000)),
    timezone: SALON_TIME_ZONE,
    summary: `${what} at ${invitation.organizer.name}`,
    location: invitation.place,
    description: invitation.note ? `${what} with ${invitation.organizer.name}.\n\n${invitation.note}` : `${what} with ${invitation.organizer.name}.`,
    status: invitation.method === "cancel" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: invitation.organizer,
    attendees: [{ ...invitation.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }],
  });
  return calendar.toString();
}
