import nodeIcal, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { invitationCalendar } from "./invitation-calendar";
import { calendarMethod } from "~/.server/outbox/transports.server";
import {
  applyChange,
  formatInvitationWhen,
  invitationChangeSchema,
  invitationFormSchema,
  invitationSchema,
  invitationState,
  reminderSendAt,
  reminderText,
  withNote,
} from "./invitations";
import { salonDateAndTime, salonLocalToInstant } from "~/utils/dates";

// The 2027 clock changes in London: 01:00 GMT on 28 March (to BST), 01:00 GMT on 31 October (back to GMT).
describe("salonLocalToInstant: the salon's wall clock as an instant, either side of a clock change", () => {
  it.each([
    ["2027-03-27T10:00", "2027-03-27T10:00:00.000Z"],
    ["2027-03-28T00:30", "2027-03-28T00:30:00.000Z"],
    ["2027-03-28T10:00", "2027-03-28T09:00:00.000Z"],
    ["2027-10-30T10:00", "2027-10-30T09:00:00.000Z"],
    ["2027-10-31T10:00", "2027-10-31T10:00:00.000Z"],
    ["2027-12-25T09:15", "2027-12-25T09:15:00.000Z"],
  ])("%s in London is %s", (local, instant) => {
    expect(salonLocalToInstant(local)?.toISOString()).toBe(instant);
  });

  it("refuses what is not a date and time", () => {
    expect(salonLocalToInstant("2027-03-28")).toBeNull();
    expect(salonLocalToInstant("tomorrow at ten")).toBeNull();
  });
});

describe("the calendar file", () => {
  const base = {
    uid: "invitation-7@larkfield.example",
    kind: "trial" as const,
    minutes: 420,
    place: "Larkfield Hair School, 12 Mill Lane",
    note: "Bring your scissors; lunch is on us.",
    organizer: { name: "Larkfield Hair School", email: "hello@larkfield.example" },
    attendee: { name: "Sam Taylor", email: "sam@example.com" },
    stamp: new Date("2027-01-10T12:00:00Z"),
  };
  const wall = (date: Date) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "short" }).format(date);

  it.each([
    ["the day before the spring change (GMT)", "2027-03-27T09:30", "20270327T093000", "20270327T163000"],
    ["the day of the spring change (BST)", "2027-03-28T09:30", "20270328T093000", "20270328T163000"],
    ["the day before the autumn change (BST)", "2027-10-30T09:30", "20271030T093000", "20271030T163000"],
    ["the day of the autumn change (GMT)", "2027-10-31T09:30", "20271031T093000", "20271031T163000"],
  ])("on %s: written in London time and read back as the same instant", (_, local, dtStart, dtEnd) => {
    const startsAt = salonLocalToInstant(local)!;
    const ics = invitationCalendar({ ...base, startsAt });
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain(`DTSTART;TZID=Europe/London:${dtStart}`);
    expect(ics).toContain(`DTEND;TZID=Europe/London:${dtEnd}`);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
    expect(ics).toContain("DTSTAMP:20270110T120000Z");
    const event = Object.values(nodeIcal.sync.parseICS(ics)).find((c) => c?.type === "VEVENT") as VEvent;
    expect(event.uid).toBe(base.uid);
    expect(event.start.toISOString()).toBe(startsAt.toISOString());
    expect(wall(event.start)).toBe(wall(startsAt));
    expect(event.end!.getTime() - event.start.getTime()).toBe(420 * 60_000);
    expect(event.location).toBe(base.place);
    expect(String(event.summary)).toBe("Trial day at Larkfield Hair School");
    expect(String(event.description)).toContain("lunch is on us");
    expect(JSON.stringify(event.organizer)).toContain("mailto:hello@larkfield.example");
    expect(JSON.stringify(event.attendee)).toContain("sam@example.com");
  });
});

describe("the text reminder the day before", () => {
  it.each([
    // At 10:00 London the day before, in that day's offset.
    ["a start after the spring change", "2027-03-29T09:00", "2027-03-28T09:00:00.000Z"],
    ["a start on the spring change's day", "2027-03-28T15:00", "2027-03-27T10:00:00.000Z"],
    ["a start after the autumn change", "2027-11-01T09:00", "2027-10-31T10:00:00.000Z"],
    ["a start on the autumn change's day", "2027-10-31T12:00", "2027-10-30T09:00:00.000Z"],
  ])("for %s goes at 10:00 the day before", (_, local, sendAt) => {
    expect(reminderSendAt(salonLocalToInstant(local)!, new Date("2027-01-01T00:00:00Z"))?.toISOString()).toBe(sendAt);
  });

  it("is not sent when 10:00 the day before has passed, or comes before the email may leave", () => {
    const startsAt = salonLocalToInstant("2027-03-10T09:00")!;
    expect(reminderSendAt(startsAt, new Date("2027-03-09T11:00:00Z"))).toBeNull();
    expect(reminderSendAt(startsAt, new Date("2027-03-09T10:00:00Z"))).toBeNull();
    expect(reminderSendAt(startsAt, new Date("2027-03-09T09:59:59Z"))?.toISOString()).toBe("2027-03-09T10:00:00.000Z");
  });

  it("says what, when and where", () => {
    expect(reminderText("trial", "Sam", "Larkfield Hair School", salonLocalToInstant("2027-04-03T09:30")!, "12 Mill Lane")).toBe(
      "Hi Sam, a reminder of your trial day with Larkfield Hair School tomorrow at 09:30, at 12 Mill Lane. If you can't make it, please reply to our email.",
    );
  });
});

describe("the invitation's rules (API and page)", () => {
  const good = { kind: "interview", starts_at: "2099-05-01T10:00:00+01:00", minutes: 45, place: "The salon" };
  it.each([
    ["a start in the past", { ...good, starts_at: "2020-05-01T10:00:00Z" }, "starts_at"],
    ["a start without its offset", { ...good, starts_at: "2099-05-01T10:00" }, "starts_at"],
    ["fewer than 15 minutes", { ...good, minutes: 10 }, "minutes"],
    ["more than 8 hours", { ...good, minutes: 481 }, "minutes"],
    ["no place", { ...good, place: " " }, "place"],
    ["another kind", { ...good, kind: "party" }, "kind"],
  ])("refuses %s", (_, body, field) => {
    const parsed = invitationSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toContain(field);
  });

  it("takes a good one", () => {
    expect(invitationSchema.parse(good)).toMatchObject({ kind: "interview", minutes: 45 });
  });

  it("reads the page's day and time on the salon's clock, and refuses a time gone by", () => {
    const value = invitationFormSchema.parse({ intent: "invite", kind: "trial", date: "2099-07-01", time: "09:30", minutes: "420", place: "Here" });
    expect(value.starts_at).toBe("2099-07-01T08:30:00.000Z");
    const past = invitationFormSchema.safeParse({ intent: "invite", kind: "trial", date: "2020-07-01", time: "09:30", minutes: "420", place: "Here" });
    expect(past.error?.issues[0]).toMatchObject({ path: ["date"], message: "Choose a day and time in the future" });
  });

  it("words the time and adds the note at the end", () => {
    expect(formatInvitationWhen(salonLocalToInstant("2027-03-28T09:30")!, 420)).toBe("Sunday 28 March 2027 at 09:30 to 16:30");
    expect(withNote("Hello", "Bring kit")).toBe("Hello\n\nP.S. Bring kit");
    expect(withNote("Hello", null)).toBe("Hello");
  });
});

describe("moving and calling off an invitation", () => {
  const now = { starts_at: "2027-06-12T08:30:00.000Z", minutes: 420, place: "Larkfield Hair School", note: "Bring your scissors." as string | undefined };

  it.each([
    [{ place: "Room 2" }, { place: "Room 2" }, true],
    [{ starts_at: "2027-06-12T09:30:00+01:00" }, { starts_at: "2027-06-12T08:30:00.000Z" }, false],
    [{ starts_at: "2027-06-19T09:30:00+01:00", minutes: 300 }, { starts_at: "2027-06-19T08:30:00.000Z", minutes: 300 }, true],
    [{ note: "" }, { note: undefined }, true],
    [{ note: "Bring your scissors." }, {}, false],
  ])("%o gives %o (changed: %s)", (change, expected, changed) => {
    const result = applyChange(now, change);
    expect(result.next).toEqual({ ...now, ...expected });
    expect(result.changed).toBe(changed);
  });

  it("refuses a change with nothing in it, and a start in the past", () => {
    expect(invitationChangeSchema.safeParse({}).success).toBe(false);
    expect(invitationChangeSchema.safeParse({ starts_at: "2020-01-01T10:00:00Z" }).success).toBe(false);
    expect(invitationChangeSchema.safeParse({ minutes: 45 }).success).toBe(true);
  });

  it.each([
    [{ cancelled: true, latestHeld: true, latestSequence: 2 }, "cancelled"],
    [{ cancelled: false, latestHeld: true, latestSequence: 1 }, "held"],
    [{ cancelled: false, latestHeld: false, latestSequence: 1 }, "moved"],
    [{ cancelled: false, latestHeld: false, latestSequence: 0 }, "sent"],
  ] as const)("%o is %s", (facts, state) => {
    expect(invitationState(facts)).toBe(state);
  });

  it("the cancellation's file is METHOD:CANCEL with the same UID, a higher SEQUENCE and the event cancelled", () => {
    const base = {
      uid: "invitation-9@larkfield.example",
      kind: "interview" as const,
      startsAt: new Date("2027-06-12T08:30:00Z"),
      minutes: 45,
      place: "Larkfield Hair School",
      note: null,
      organizer: { name: "Larkfield Hair School", email: "hello@larkfield.example" },
      attendee: { name: "Sam Lee", email: "sam@example.com" },
      stamp: new Date("2027-06-01T10:00:00Z"),
    };
    const moved = invitationCalendar({ ...base, sequence: 1 });
    const cancelled = invitationCalendar({ ...base, sequence: 2, method: "cancel" });
    expect([calendarMethod(moved), calendarMethod(cancelled)]).toEqual(["REQUEST", "CANCEL"]);
    const event = (ics: string) => Object.values(nodeIcal.sync.parseICS(ics)).find((v) => v?.type === "VEVENT") as VEvent;
    expect(event(cancelled).uid).toBe(event(moved).uid);
    expect([Number(event(moved).sequence), Number(event(cancelled).sequence)]).toEqual([1, 2]);
    expect(event(cancelled).status).toBe("CANCELLED");
  });

  it("the salon's day and time of an instant, for the move form, either side of a clock change", () => {
    expect(salonDateAndTime(new Date("2027-03-28T09:30:00Z"))).toEqual({ date: "2027-03-28", time: "10:30" });
    expect(salonDateAndTime(new Date("2027-12-24T23:30:00Z"))).toEqual({ date: "2027-12-24", time: "23:30" });
  });
});
