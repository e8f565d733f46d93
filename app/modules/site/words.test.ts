import { describe, expect, it } from "vitest";
import { EMAIL_WORD_DEFAULTS, emailWordsFor, emailWordsProblem, greetingFor } from "./words";

describe("the emails' words", () => {
  it.each([
    ["email.greeting", "Hello {{first_name}}!", null],
    ["email.greeting", "Hello there", null],
    ["email.greeting", "Hello {{name}}", "The greeting can only fill in {{first_name}}, not {{name}}"],
    ["email.quote.opening", "Thanks, {{first_name}}.", "These words cannot fill in {{first_name}}: write them out"],
    ["email.joinus.next", "We read every application.", null],
    ["thanks.messages.heading", "Thanks {{name}}", null],
  ] as const)("%s “%s”: %s", (key, text, problem) => {
    expect(emailWordsProblem(key, text)).toBe(problem);
  });

  it("fills the greeting's first name, and keeps the code's words where the salon has none", () => {
    const words = emailWordsFor({ "email.greeting": "Hiya {{first_name}}, and welcome" });
    expect(greetingFor(words, "Priya")).toBe("Hiya Priya, and welcome");
    expect(words["email.quote.signoff"]).toBe(EMAIL_WORD_DEFAULTS["email.quote.signoff"]);
    expect(greetingFor(emailWordsFor(undefined), "Tom")).toBe("Hi Tom,");
  });
});
