import { describe, expect, it } from "vitest";
import { replyRefusal } from "./applicants.server";
import type { EmailResponse } from "./format";
import { describeApplicantRetention } from "~/modules/submissions/retention";

describe("replyRefusal (the email box's rules)", () => {
  it.each<[string | null, EmailResponse, string | null]>([
    [null, "maybe", null],
    [null, "unsuccessful", null],
    ["maybe", "unsuccessful", null],
    ["maybe", "maybe", "The Maybe email has already been sent to this applicant."],
    ["unsuccessful", "maybe", "The Unsuccessful email has already been sent to this applicant."],
    ["unsuccessful", "unsuccessful", "The Unsuccessful email has already been sent to this applicant."],
  ])("sent %s, sending %s → %s", (sent, response, refusal) => {
    expect(replyRefusal(sent, response)).toBe(refusal);
  });
});

describe("describeApplicantRetention", () => {
  it("says both periods, in months", () => {
    expect(describeApplicantRetention({ openMonths: 12, closedMonths: 6 })).toBe(
      "12 months after you apply; 6 months after our last step if we don't take your application further",
    );
  });
});
