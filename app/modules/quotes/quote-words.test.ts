import { describe, expect, it } from "vitest";
import { deliveryWords, quotePromise, type DeliveryState } from "./quote-words";

const sent: DeliveryState = { sent: true };
const held: DeliveryState = { sent: false, reason: "recipient" };
const busy: DeliveryState = { sent: false, reason: "busy" };

describe("what a quote promises", () => {
  it("is an estimate for everyone, with the first-visit offer for new clients only", () => {
    expect(quotePromise(true)).toContain("estimate");
    expect(quotePromise(true)).not.toMatch(/first visit|QG20/);
    expect(quotePromise(false)).toContain(quotePromise(true));
    expect(quotePromise(false)).toContain("20% off your first visit");
    expect(quotePromise(false)).toContain("within 4 days");
  });
});

describe("the confirmation says exactly what was sent", () => {
  it("email and text", () => {
    const words = deliveryWords({ email: sent, sms: sent });
    expect(words.title).toBe("Your quote is on its way");
    expect(words.lines.join(" ")).toContain("emailed you the full quote and sent a text");
  });

  it("email only, when the text limit held the text back", () => {
    const line = deliveryWords({ email: sent, sms: held }).lines.join(" ");
    expect(line).toContain("We've emailed you the full quote.");
    expect(line).toContain("We haven't sent a text this time, because we've already sent several texts to that number today");
    expect(line).not.toMatch(/sent a text with/);
  });

  it("text only, when the email was held back", () => {
    const line = deliveryWords({ email: busy, sms: sent }).lines.join(" ");
    expect(line).toContain("We've sent you a text");
    expect(line).toContain("We haven't emailed it this time, because we're sending a lot of messages just now");
  });

  it("neither, and why", () => {
    const words = deliveryWords({ email: held, sms: held });
    expect(words.title).toBe("Your quote is saved");
    expect(words.lines.join(" ")).toContain("haven't sent it by email or text this time, because we've already sent several messages to those details today");
    expect(deliveryWords({ email: held, sms: busy }).lines.join(" ")).toContain("because we couldn't send them just now");
  });
});
