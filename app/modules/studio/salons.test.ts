import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyChanges, valueAt } from "./changes";
import { clockWords, hoursLabel, planHours, planSchoolContact, settingsRow, SETTINGS_FILE } from "./salons";
import { normaliseTime, schoolContactFormSchema, type DayHours } from "./words-forms";

const fixture = new Map([[SETTINGS_FILE, fs.readFileSync(path.join("tests/fixtures/content", SETTINGS_FILE), "utf8")]]);
const week = (): DayHours[] => settingsRow(fixture).hours.map((h) => ({ day: h.day as DayHours["day"], opens: h.opens, closes: h.closes }));

describe("the hours' words", () => {
  it.each([
    ["09:00", "9am"],
    ["12:00", "Noon"],
    ["12:30", "12:30pm"],
    ["17:30", "5:30pm"],
    ["00:00", "12am"],
  ])("%s is %s", (time, words) => expect(clockWords(time)).toBe(words));

  it.each([
    [{ opens: "09:00", closes: "17:00" }, "9am–5pm"],
    [{ opens: "12:00", closes: "20:00" }, "Noon–8pm"],
    [{ opens: "08:30", closes: "12:00" }, "8:30am–noon"],
    [{ opens: null, closes: null }, "Closed"],
  ])("a day %o reads %s", (day, words) => expect(hoursLabel(day)).toBe(words));

  it.each([
    ["9", "09:00"],
    ["9:30", "09:30"],
    ["17.45", "17:45"],
    [" 08:00 ", "08:00"],
    ["24:00", null],
    ["9am", null],
    ["9:7", null],
  ])("the time %j is %j", (given, time) => expect(normaliseTime(given)).toBe(time));
});

describe("planning the hours", () => {
  it("alters only the days that changed, each on its own line as written, and says so", () => {
    const next = week().map((d) => (d.day === "Saturday" ? { ...d, closes: "16:00" } : d.day === "Monday" ? { ...d, opens: "10:00", closes: "14:00" } : d));
    const planning = planHours(fixture, next);
    if ("kind" in planning) throw new Error(planning.message);
    expect(planning.planned.summary).toBe("Larkfield Hair School Monday hours closed → 10:00–14:00, Saturday hours 9:00–15:00 → 9:00–16:00");
    expect(planning.planned.changes.map((c) => c.path)).toEqual([["hours", 0], ["hours", 5]]);
    const after = applyChanges(fixture, planning.planned.changes).get(SETTINGS_FILE)!;
    expect(after).toContain('  - { day: Saturday, label: 9am–4pm, opens: "09:00", closes: "16:00" }');
    expect(after).toContain('  - { day: Monday, label: 10am–2pm, opens: "10:00", closes: "14:00" }');
    expect(after).toContain('  - { day: Tuesday, label: 10am–6pm, opens: "10:00", closes: "18:00" }');
    // Backwards, the file is as it was, comments and all.
    expect(applyChanges(applyChanges(fixture, planning.planned.changes), planning.planned.changes, "backward").get(SETTINGS_FILE)).toBe(fixture.get(SETTINGS_FILE));
  });

  it("changes the address box by box, the rest of the file untouched", () => {
    const s = settingsRow(fixture);
    const { planned } = planSchoolContact(fixture, { phone: s.phone, street: "6 Kiln Yard", town: s.address.town, postcode: s.address.postcode, booking: s.links.booking, skinTest: s.links.skinTest, consultation: s.links.consultation ?? null });
    expect(planned.summary).toBe("Larkfield Hair School street 4 Kiln Yard → 6 Kiln Yard");
    const after = applyChanges(fixture, planned.changes);
    expect(valueAt(after, { file: SETTINGS_FILE, path: ["address"] })).toEqual({ street: "6 Kiln Yard", town: "Ellanmoor", postcode: "EM3 7QT" });
    expect(after.get(SETTINGS_FILE)!.replace("6 Kiln Yard", "4 Kiln Yard")).toBe(fixture.get(SETTINGS_FILE));
  });
});

describe("the consultation booking link", () => {
  const s = settingsRow(fixture);
  const school = { phone: s.phone, street: s.address.street, town: s.address.town, postcode: s.address.postcode, booking: s.links.booking, skinTest: s.links.skinTest };

  it("is taken off by an empty box and comes back on undo; the history says so", () => {
    const { planned } = planSchoolContact(fixture, { ...school, consultation: null });
    expect(planned.summary).toBe("Larkfield Hair School consultation link https://book.example.com/larkfield/consultation → none");
    const after = applyChanges(fixture, planned.changes);
    expect(settingsRow(after).links.consultation).toBeUndefined();
    // Undone, the link is back (at the end of the links: YAML adds a key last).
    expect(settingsRow(applyChanges(after, planned.changes, "backward")).links).toEqual(s.links);
  });

  it.each([
    ["https://book.example.com/larkfield/consult", "https://book.example.com/larkfield/consult"],
    ["  ", null],
  ])("the form takes %j as %j", (given, value) => {
    const parsed = schoolContactFormSchema.safeParse({ ...school, consultation: given });
    expect(parsed.success && parsed.data.consultation).toBe(value);
  });

  it.each(["http://book.example.com/larkfield/consult", "book.example.com/consult", "javascript:alert(1)"])("the form refuses %j: a whole https address only", (given) => {
    const parsed = schoolContactFormSchema.safeParse({ ...school, consultation: given });
    expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe("Give the consultation booking link as a whole web address, starting https://");
  });
});
