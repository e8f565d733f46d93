import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "~/modules/fields/form-fields";
import { contactSchema, HEALTH_CONSENT_REQUIRED, type SubmissionKind, interestSchema, joinUsSchema, keptFor, modelSchema, privacyNoteOf, submissionKinds } from "./kinds";
import { submissionNames } from "./names";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const validJoinUs = {
  name: "Leah Marsh",
  mobile: "07700 900123",
  email: "Leah@Example.com",
  role: "Apprentice",
  position: "school",
  about: "I love doing my friends' hair.",
  why_hair: "It's creative.",
  why_us: "You train properly.",
};

describe("join us", () => {
  it("accepts a complete application, trimmed, with the mobile in E.164 and the salon defaulting to 3", () => {
    const parsed = joinUsSchema.parse({ ...validJoinUs, name: "  Leah Marsh  " });
    expect(parsed).toEqual({ ...validJoinUs, name: "Leah Marsh", mobile: "+447700900123", email: "leah@example.com", salon: 3 });
  });

  it("gives every field's required message for an empty form", () => {
    expect(errorsOf(joinUsSchema, {})).toEqual({
      name: "Full Name is required",
      mobile: "Mobile number is required",
      email: "Email Address is required",
      role: "Role is required",
      position: "Position is required",
      about: "About yourself is required",
      why_hair: "Why hairdressing required",
      why_us: "Why us required",
    });
  });

  it.each([
    ["name", "   ", "Full Name is required"],
    ["mobile", "  ", "Mobile number is required"],
    ["mobile", "01632 960412", "Valid Mobile number is required"],
    ["mobile", "07700 90012a", "Valid Mobile number is required"],
    ["email", "leah@", "Valid Email address is required"],
    ["email", "leah example.com", "Valid Email address is required"],
    ["role", "default", "Role is required"],
    ["role", "Manager", "Role is required"],
    ["position", "default", "Position is required"],
    ["about", "", "About yourself is required"],
    ["why_hair", " \n ", "Why hairdressing required"],
    ["why_us", "", "Why us required"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(joinUsSchema, { ...validJoinUs, [field]: value })).toEqual({ [field]: message });
  });

  it("caps long answers", () => {
    expect(errorsOf(joinUsSchema, { ...validJoinUs, about: "x".repeat(3001) })).toEqual({
      about: "Please keep this to 3000 characters or fewer",
    });
  });

  it("keeps a sister salon's id and ignores unknown fields", () => {
    const parsed = joinUsSchema.parse({ ...validJoinUs, salon: 1, admin: true });
    expect(parsed.salon).toBe(1);
    expect(parsed).not.toHaveProperty("admin");
  });
});

describe("hair models", () => {
  const valid = { name: "Ana", mobile: "+44 7700 900456", info: "Long hair, free on Tuesdays" };

  it("accepts a sign-up", () => {
    expect(modelSchema.parse(valid)).toEqual({ ...valid, mobile: "+447700900456", health: "", health_consent: false });
  });

  it("gives the spec's messages", () => {
    expect(errorsOf(modelSchema, { name: "", mobile: "", info: "" })).toEqual({
      name: "Name is required",
      mobile: "Mobile number is required",
      info: "Additional Information required",
    });
    expect(errorsOf(modelSchema, { ...valid, mobile: "123" })).toEqual({ mobile: "Valid Mobile number is required" });
  });

  it("keeps health information only with consent", () => {
    expect(errorsOf(modelSchema, { ...valid, health: "Allergic to latex" })).toEqual({ health_consent: HEALTH_CONSENT_REQUIRED });
    expect(modelSchema.parse({ ...valid, health: "Allergic to latex", health_consent: "on" })).toMatchObject({
      health: "Allergic to latex",
      health_consent: true,
    });
  });
});

describe("contact", () => {
  it("gives the spec's messages, including the capital A of 'Valid Email Address'", () => {
    expect(errorsOf(contactSchema, { name: " ", email: "", message: "" })).toEqual({
      name: "Name is required",
      email: "Email Address is required",
      message: "Message is required",
    });
    expect(errorsOf(contactSchema, { name: "Tom", email: "tom@", message: "Hi" })).toEqual({
      email: "Valid Email Address is required",
    });
  });

  it("trims and accepts a message", () => {
    expect(contactSchema.parse({ name: " Tom ", email: " tom@example.com ", message: " Hello \n" })).toEqual({
      name: "Tom",
      email: "tom@example.com",
      message: "Hello",
    });
  });
});

describe("open evening and feedback", () => {
  it("needs a name and a UK mobile", () => {
    expect(errorsOf(interestSchema, {})).toEqual({ name: "Full Name is required", mobile: "Mobile number is required" });
    expect(errorsOf(interestSchema, { name: "Jo", mobile: "+33 6 12 34 56 78" })).toEqual({ mobile: "Valid Mobile number is required" });
    expect(interestSchema.parse({ name: "Jo", mobile: "07700900789" })).toEqual({ name: "Jo", mobile: "+447700900789" });
  });
});

describe("the submission kinds' descriptors", () => {
  it("name each kind once, under the name it is listed by, with the contract's API path", () => {
    expect(Object.keys(submissionKinds)).toEqual([...submissionNames]);
    for (const name of submissionNames) expect(submissionKinds[name].name).toBe(name);
    expect(submissionKinds.messages.apiPath).toBe("/api/sendMessage");
    expect(new Set(submissionNames.map((n) => submissionKinds[n].pagePath)).size).toBe(submissionNames.length);
  });

  it("say in every form's note the period the purge applies", () => {
    expect(privacyNoteOf(submissionKinds.models)).toContain("for 12 months");
    expect(privacyNoteOf(submissionKinds.feedback)).toContain("after 6 months");
    // The join-us note follows APPLICANT_RETENTION_MONTHS, whatever it is set to.
    expect(privacyNoteOf(submissionKinds.joinus, { applicants: { openMonths: 18, closedMonths: 3 } })).toContain("for 18 months");
    expect(keptFor(submissionKinds.joinus, { applicants: { openMonths: 1, closedMonths: 1 } })).toBe("1 month");
    for (const name of submissionNames) expect(privacyNoteOf(submissionKinds[name])).not.toMatch(/\{|undefined/);
  });

  it("give every field the form shows a place in the kind's schema", () => {
    for (const name of submissionNames) {
      // The schema the server checks with, and the file field (judged by its content) if the kind takes one.
      const { schema, upload }: SubmissionKind = submissionKinds[name];
      const shape = schema as unknown as { shape?: Record<string, unknown>; def: { in?: { shape: Record<string, unknown> } } };
      const keys = [...Object.keys(shape.shape ?? shape.def.in?.shape ?? {}), ...(upload ? [upload.field] : [])];
      expect(keys.length, name).toBeGreaterThan(0);
      for (const field of submissionKinds[name].form.fields) expect(keys, `${name}.${field.name}`).toContain(field.name);
    }
  });
});
