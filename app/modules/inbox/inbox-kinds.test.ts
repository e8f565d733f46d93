import { describe, expect, it } from "vitest";
import { newSince, waiting } from "./desk-lists";
import { inboxCsvHeader, inboxCsvRow, inboxJson, inboxKinds, matchesInboxSearch, toInboxCard, type InboxRecord } from "./inbox-kinds";
import { handledFormSchema, handledSchema } from "./inbox-schemas";

const record = (overrides: Partial<InboxRecord> = {}): InboxRecord => ({
  id: 7,
  kind: "models",
  created_at: "2027-03-04T14:05:00.000Z",
  handled_at: null,
  handled_by: null,
  name: "Ana Silva",
  mobile: "+447700900123",
  email: null,
  text: "Long curly hair, free on Tuesdays",
  health: null,
  ...overrides,
});

describe("searching an inbox", () => {
  it.each([
    ["ana", true],
    ["SILVA", true],
    ["07700 900123", true],
    ["+44 7700 900", true],
    ["900 12", true],
    ["curly", true],
    ["tuesdays", true],
    ["straight", false],
    ["12", false],
    ["", true],
  ])("%j matches: %s", (query, matches) => {
    expect(matchesInboxSearch(record(), query)).toBe(matches);
  });

  it("finds a contact message by email and by its words", () => {
    const message = record({ kind: "messages", mobile: null, email: "tom@example.com", text: "Do you do bridal trials?" });
    expect(matchesInboxSearch(message, "tom@")).toBe(true);
    expect(matchesInboxSearch(message, "bridal")).toBe(true);
    expect(matchesInboxSearch(message, "0770")).toBe(false);
  });
});

describe("the API's shape", () => {
  it("gives each kind its own form's fields", () => {
    expect(inboxJson(record({ health: "Latex allergy" }))).toEqual({
      id: 7,
      created_at: "2027-03-04T14:05:00.000Z",
      handled_at: null,
      handled_by: null,
      name: "Ana Silva",
      mobile: "+447700900123",
      info: "Long curly hair, free on Tuesdays",
      health: "Latex allergy",
    });
    expect(inboxJson(record({ kind: "messages", mobile: null, email: "tom@example.com", text: "Hi" }))).toEqual({
      id: 7,
      created_at: "2027-03-04T14:05:00.000Z",
      handled_at: null,
      handled_by: null,
      name: "Ana Silva",
      email: "tom@example.com",
      message: "Hi",
    });
    expect(Object.keys(inboxJson(record({ kind: "open-evening", text: null })))).toEqual(["id", "created_at", "handled_at", "handled_by", "name", "mobile"]);
    expect(inboxJson(record({ kind: "feedback", text: "Lovely colour" }))).toMatchObject({ feedback: "Lovely colour" });
    expect(Object.keys(inboxJson(record({ kind: "feedback", text: null })))).toEqual(["id", "created_at", "handled_at", "handled_by", "name", "mobile", "feedback"]);
  });
});

describe("cards and CSV", () => {
  it("say when it came and who handled it, in the salon's time", () => {
    const card = toInboxCard(record({ handled_at: "2027-07-01T08:30:00.000Z", handled_by: "Sam" }));
    expect(card.received).toBe("Thu, 4 Mar 2027, 14:05");
    expect(card.mobileReadable).toBe("07700 900123");
    expect(card.handled).toBe("Handled by Sam, Thu, 1 Jul 2027, 09:30");
    expect(toInboxCard(record()).handled).toBeNull();
  });

  it("export the columns each kind has", () => {
    expect(inboxCsvHeader("models")).toEqual(["Received", "Name", "Mobile", "Information", "Health information", "Handled", "Handled by"]);
    expect(inboxCsvRow(record())).toEqual(["Thu, 4 Mar 2027, 14:05", "Ana Silva", "07700 900123", "Long curly hair, free on Tuesdays", "", "Not handled", ""]);
    expect(inboxCsvHeader("open-evening")).toHaveLength(inboxCsvRow(record({ kind: "open-evening", text: null })).length);
    expect(inboxCsvHeader("feedback")).toHaveLength(inboxCsvRow(record({ kind: "feedback", text: "Lovely colour" })).length);
    expect(inboxCsvHeader("messages")).toHaveLength(inboxCsvRow(record({ kind: "messages", email: "a@b.co", mobile: null })).length);
  });
});

describe("what staff send", () => {
  it("takes handled as a boolean from the API and as text from a form", () => {
    expect(handledSchema.safeParse({ handled: false }).success).toBe(true);
    expect(handledSchema.safeParse({ handled: "false" }).success).toBe(false);
    expect(handledFormSchema.parse({ intent: "handled", id: "12", handled: "true" })).toEqual({ intent: "handled", id: 12, handled: true });
    expect(handledFormSchema.safeParse({ intent: "handled", id: "0", handled: "true" }).success).toBe(false);
  });
});

describe("the staff home's lines", () => {
  it.each([
    ["applicants", 0, "Nothing new", "None waiting for a follow-up"],
    ["applicants", 2, "2 new applicants", "2 waiting for a follow-up"],
    ["models", 1, "1 new model sign-up", "1 not handled yet"],
    ["open-evening", 3, "3 new open-evening registrations", "3 not handled yet"],
  ] as const)("%s with %i", (list, n, fresh, waits) => {
    expect(newSince(list, n)).toBe(fresh);
    expect(waiting(list, n)).toBe(waits);
  });
});

describe("the inboxes", () => {
  it("are the submission kinds whose descriptor has one: every kind but join-us, which has the applicant desk", () => {
    expect(inboxKinds).toEqual(["models", "messages", "open-evening", "feedback"]);
  });
});
