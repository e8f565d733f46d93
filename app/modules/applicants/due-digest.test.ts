import { describe, expect, it } from "vitest";
import { digestAddress, digestRecipientLine } from "./due-digest";

describe("who gets the morning email of who is due", () => {
  it("names the address it goes to, and from when", () => {
    expect(digestRecipientLine("office@example.com")).toBe("Each morning from 08:00 an email lists who is due, to office@example.com.");
  });

  it("says reminders show only on the desk when no address is set", () => {
    for (const none of ["", "  ", null, undefined]) {
      expect(digestAddress(none)).toBeUndefined();
      expect(digestRecipientLine(none)).toBe("No morning email is set up: reminders show only on the staff desk.");
    }
  });
});
