/**
 * One descriptor per kind of thing the public sends us: the join-us
 * application, a hair model sign-up, a contact message, an open-evening
 * registration and a feedback registration. Each holds, under its one name
 * (./names.ts): its zod schema (the server's check), the
 * form's fields, thanks and privacy note, the table it is stored in, how long
 * it is kept, and what the staff inbox shows and exports. Every layer reads
 * them: the form pages and their action, the JSON API, the store, the staff
 * inboxes and their CSV, the purge, the privacy page and the tests.
 * Pure and client-safe (the staff inboxes' pages, which run in the browser, import it); what needs the
 * server (storing, the emails) is in ./store.server.ts, keyed by the same names.
 */
import { z } from "zod";
import { choice, choiceOrLegacy, email, mobile, MOBILE_INVALID, MOBILE_REQUIRED, optionalText, personName, requiredText, type Option } from "~/modules/fields/form-fields";
import { MARKETING_WORDS, marketingConsentFields } from "~/modules/marketing/consent-words";
import { DOCUMENT_KINDS, FILE_KINDS, type FileKind } from "~/modules/uploads/file-kinds";
import { formApiPaths, formPagePaths, submissionNames, type SubmissionName } from "./names";
import { APPLICANT_RETENTION_DEFAULTS, monthsText, type RetentionPolicy } from "./retention";

/** A form's field, as the form shows it. */
export type FormField = { name: string; label: string; hint?: string } & (
  | { kind: "text" | "email" | "tel"; autoComplete?: string }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Option[] }
  | { kind: "checkbox" }
  | { kind: "file"; accept: string }
);

/**
 * A file a form may carry (the form is then sent as multipart/form-data): its
 * field, the most it may be, and what it may be, judged by its content.
 */
export interface UploadRule {
  field: string;
  maxBytes: number;
  kinds: readonly FileKind[];
  /** Beside the field when the file is none of `kinds` (415) or larger than `maxBytes` (413). */
  wrongKind: string;
  tooLarge: string;
}

/** One stored column a staff inbox shows: the API's field (its column name), its CSV heading, its role on the card (how the desk searches and shows it). */
export interface InboxColumn {
  column: string;
  label: string;
  role: "mobile" | "email" | "text" | "health";
  /** The API gives null when empty (an optional field); otherwise "". */
  nullable?: true;
}

/** The staff desk's words for a kind and the columns its list shows and exports. */
export interface InboxDescriptor {
  /** The page's heading and the home page's link. */
  title: string;
  /** "1 model sign-up", "3 model sign-ups". */
  one: string;
  many: string;
  /** What the list holds, under the heading. */
  lead: string;
  /** The search box's placeholder. */
  searchHint: string;
  /** Beyond id, name and the handling, in the API's and the CSV's order. */
  columns: readonly InboxColumn[];
}

export interface SubmissionKind<S extends z.ZodType = z.ZodType> {
  name: SubmissionName;
  /** POST here as JSON (the contract's path). */
  apiPath: string;
  /** The form's own page; its action takes the form's posts. */
  pagePath: string;
  schema: S;
  /** The table its records are kept in; `discriminator`: the table is shared, and its `kind` column holds the name. */
  table: "job_applicants" | "model_applicants" | "contact_messages" | "interest_registrations";
  discriminator?: true;
  /** Months a record is kept (the purge deletes it after); job applications by the staff's policy instead (see ./retention.ts). */
  keptMonths: number | "applicant-policy";
  form: {
    fields: readonly FormField[];
    submitLabel: string;
    thanks: { heading: string; body: string };
    /** The note at the form: `keptFor` is this kind's period in words, from the rule the purge applies. */
    privacyNote: (keptFor: string) => string;
    /** Hide a field until a checkbox is ticked (health details after consent). */
    revealedBy?: Record<string, string>;
  };
  /** The privacy page's row: what is kept, and why. */
  privacy: { what: string; why: string };
  /** A file the form may carry. */
  upload?: UploadRule;
  /** The staff inbox, for kinds handled there (the join-us kind has the applicant desk instead). */
  inbox?: InboxDescriptor;
}

const nameField = (label: string): FormField => ({ name: "name", label, kind: "text", autoComplete: "name" });
/** The hint under every mobile number field (the quote's finish form too). */
export const MOBILE_HINT = "A UK mobile, for example 07700 900123";
const mobileField: FormField = { name: "mobile", label: "Mobile number", kind: "tel", autoComplete: "tel", hint: MOBILE_HINT };
const emailField: FormField = { name: "email", label: "Email address", kind: "email", autoComplete: "email" };
const mobileColumn: InboxColumn = { column: "mobile", label: "Mobile", role: "mobile" };

// The join-us kind ------------------------------------------------------------

export const roles = [
  { value: "Stylist", label: "Stylist" },
  { value: "Apprentice", label: "Apprentice" },
  { value: "Saturday", label: "Saturday/Evening" },
  { value: "Other", label: "Other" },
] as const;

export const positions = [
  { value: "school", label: "At school or college" },
  { value: "new", label: "New to hairdressing" },
  { value: "partway", label: "Partway through training" },
  { value: "qualified", label: "Already qualified" },
  { value: "other", label: "Other" },
] as const;

/** The values the original site's form sent for position (docs/api-contract.md, "Public writes"), by code. */
export const legacyPositions: Record<string, (typeof positions)[number]["value"]> = {
  "at school/college": "school",
  "new to hairdressing": "new",
  "partway through": "partway",
  "already qualified": "qualified",
  other: "other",
};

const roleValues = roles.map((r) => r.value) as unknown as readonly ["Stylist", "Apprentice", "Saturday", "Other"];
const positionValues = positions.map((p) => p.value) as unknown as readonly ["school", "new", "partway", "qualified", "other"];

export const joinUsSchema = z.object({
  name: personName("Full Name is required"),
  mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
  email: email("Email Address is required", "Valid Email address is required"),
  role: choice(roleValues, "Role is required"),
  position: choiceOrLegacy(positionValues, legacyPositions, "Position is required"),
  about: requiredText("About yourself is required", 3000),
  why_hair: requiredText("Why hairdressing required", 3000),
  why_us: requiredText("Why us required", 3000),
  salon: z.coerce.number().int().min(1).max(3).catch(3).default(3),
});
export type JoinUs = z.output<typeof joinUsSchema>;
/** The join-us form and API: the application, and the two unticked marketing boxes (stored apart from it). */
export const joinUsFormSchema = joinUsSchema.extend(marketingConsentFields);

/** The most a CV may be: 5 MiB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The CV the join-us form may carry: a PDF or a Word document. */
export const cvUpload: UploadRule = {
  field: "cv",
  maxBytes: CV_MAX_BYTES,
  kinds: DOCUMENT_KINDS,
  wrongKind: "That file isn't a PDF or Word document. Please choose your CV as a PDF or a Word (.docx) file.",
  tooLarge: "That file is over 5 MB. Please choose a smaller copy of your CV: saving it as a PDF usually makes it much smaller.",
};

// The models kind -------------------------------------------------------------

export const HEALTH_CONSENT_REQUIRED = "Please tick the box so we may keep this health information, or leave the box empty";

export const modelSchema = z
  .object({
    name: personName("Name is required"),
    mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
    info: requiredText("Additional Information required", 2000),
    /** Allergies or conditions, kept only with the person's explicit consent. */
    health: optionalText(1000),
    health_consent: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .superRefine((value, ctx) => {
    if (value.health && !value.health_consent) ctx.addIssue({ code: "custom", path: ["health_consent"], message: HEALTH_CONSENT_REQUIRED });
  });

// The contact kind ------------------------------------------------------------

export const contactSchema = z.object({
  name: personName("Name is required"),
  email: email("Email Address is required", "Valid Email Address is required"),
  message: requiredText("Message is required", 5000),
});

// The open evening and feedback kinds -------------------------------------------

/** Open evening and feedback share one form and one table. */
export const interestSchema = z.object({
  name: personName("Full Name is required"),
  mobile: mobile(MOBILE_REQUIRED, MOBILE_INVALID),
});

export const FEEDBACK_MAX = 2000;
/** The feedback form: the spec's name and mobile, and what the visitor would like to tell us, if anything. */
export const feedbackSchema = interestSchema.extend({
  feedback: optionalText(FEEDBACK_MAX, `Please keep your feedback to ${FEEDBACK_MAX} characters or fewer`),
});

// The descriptors -------------------------------------------------------------

/** Each descriptor given its name and paths (./names.ts), checked against SubmissionKind, and kept with its own types (its schema's, whether it has an inbox). */
const named = <T extends { [K in SubmissionName]: Omit<SubmissionKind, "name" | "apiPath" | "pagePath"> }>(kinds: T) =>
  Object.fromEntries(submissionNames.map((name) => [name, { name, apiPath: formApiPaths[name], pagePath: formPagePaths[name], ...kinds[name] }])) as {
    [K in SubmissionName]: T[K] & { name: K; apiPath: string; pagePath: string };
  };

export const submissionKinds = named({
  joinus: {
    schema: joinUsFormSchema,
    table: "job_applicants",
    keptMonths: "applicant-policy",
    upload: cvUpload,
    form: {
      submitLabel: "Send my application",
      fields: [
        nameField("Full name"),
        mobileField,
        emailField,
        { name: "role", label: "Which role are you applying for?", kind: "select", options: roles },
        { name: "position", label: "Where are you now?", kind: "select", options: positions },
        { name: "about", label: "Tell us about yourself", kind: "textarea", rows: 5 },
        { name: "why_hair", label: "Why hairdressing?", kind: "textarea" },
        { name: "why_us", label: "Why Base?", kind: "textarea" },
        {
          name: cvUpload.field,
          label: "Your CV (optional)",
          kind: "file",
          // What the file picker offers: the kinds' extensions and content types.
          accept: cvUpload.kinds.flatMap((k) => [FILE_KINDS[k].extension, FILE_KINDS[k].contentType]).join(","),
          hint: "A PDF or Word document, up to 5 MB. Only our education team can open it.",
        },
        { name: "marketing_email", label: MARKETING_WORDS.email, kind: "checkbox", hint: "Optional." },
        { name: "marketing_sms", label: MARKETING_WORDS.sms, kind: "checkbox", hint: "Optional." },
      ],
      thanks: {
        heading: "Thank you, your application is in",
        body: "One application covers all three of our salons, so there is no need to apply to our sister salons as well. We have sent you an email to confirm, and our education team will be in touch within two weeks.",
      },
      privacyNote: (keptFor) =>
        `We keep your application, and your CV if you send one, for ${keptFor} so our education team can consider you for places at all three salons, then delete them. We send you offers only if you tick a box above.`,
    },
    privacy: {
      what: "Job applications",
      why: "Your answers, contact details and any CV you send, so our education team can consider you for places at our three salons.",
    },
  },
  models: {
    schema: modelSchema,
    table: "model_applicants",
    keptMonths: 12,
    form: {
      submitLabel: "Sign me up",
      revealedBy: { health: "health_consent" },
      fields: [
        nameField("Name"),
        mobileField,
        {
          name: "info",
          label: "Tell us about your hair and when you're free",
          kind: "textarea",
          hint: "Length, colour, anything you'd love to try, and which days suit you.",
        },
        {
          name: "health_consent",
          label: "I have an allergy or a skin or scalp condition, and I agree that you may keep the details I give below to keep me safe at my appointment.",
          kind: "checkbox",
          hint: "Optional. Leave it unticked if nothing applies, or if you'd rather tell us in person.",
        },
        { name: "health", label: "Allergies or conditions we should know about", kind: "textarea", rows: 3 },
      ],
      thanks: {
        heading: "Thanks, you're on our list of models",
        body: "When a training day needs hair like yours, we'll text you to arrange a time.",
      },
      privacyNote: (keptFor) =>
        `We keep your details for ${keptFor} to offer you model appointments, then delete them. Health details are kept only if you tick the box, and only to keep you safe.`,
    },
    privacy: {
      what: "Hair model sign-ups",
      why: "Your name, mobile and notes about your hair, to offer you model appointments. Health or allergy details only if you tick the box, and only to keep you safe.",
    },
    inbox: {
      title: "Model sign-ups",
      one: "model sign-up",
      many: "model sign-ups",
      lead: "People who would like their hair done on a training day. Call them back to book them in.",
      searchHint: "Search by name, mobile or words",
      columns: [mobileColumn, { column: "info", label: "Information", role: "text" }, { column: "health", label: "Health information", role: "health", nullable: true }],
    },
  },
  messages: {
    schema: contactSchema,
    table: "contact_messages",
    keptMonths: 12,
    form: {
      submitLabel: "Send message",
      fields: [nameField("Name"), emailField, { name: "message", label: "Your message", kind: "textarea", rows: 6 }],
      thanks: { heading: "Thanks, your message is with us", body: "We reply to every message, usually within two working days." },
      privacyNote: (keptFor) => `We use your name and email only to reply, and delete the message after ${keptFor}.`,
    },
    privacy: { what: "Messages from the contact form", why: "Your name, email and message, to reply to you." },
    inbox: {
      title: "Contact messages",
      one: "contact message",
      many: "contact messages",
      lead: "Messages sent through the contact form. Each one was also emailed to the salon; reply by email.",
      searchHint: "Search by name, email or words",
      columns: [
        { column: "email", label: "Email", role: "email" },
        { column: "message", label: "Message", role: "text" },
      ],
    },
  },
  "open-evening": {
    schema: interestSchema,
    table: "interest_registrations",
    discriminator: true,
    keptMonths: 6,
    form: {
      submitLabel: "Register my interest",
      fields: [nameField("Full name"), mobileField],
      thanks: { heading: "You're on the list", body: "We'll text you the date and time of our next open evening." },
      privacyNote: (keptFor) => `We use your number only to tell you about the open evening, and delete it after ${keptFor}.`,
    },
    privacy: { what: "Open evening registrations", why: "Your name and mobile, to text you the date of the open evening." },
    inbox: {
      title: "Open evening",
      one: "open-evening registration",
      many: "open-evening registrations",
      lead: "People who registered their interest in the next open evening.",
      searchHint: "Search by name, mobile or words",
      columns: [mobileColumn],
    },
  },
  feedback: {
    schema: feedbackSchema,
    table: "interest_registrations",
    discriminator: true,
    keptMonths: 6,
    form: {
      submitLabel: "Send",
      fields: [
        nameField("Full name"),
        mobileField,
        {
          name: "feedback",
          label: "Your feedback",
          kind: "textarea",
          rows: 5,
          hint: `Optional, up to ${FEEDBACK_MAX} characters. Tell us now, or save it for when we call.`,
        },
      ],
      thanks: { heading: "Thank you", body: "We'll call you soon to hear how your visit went." },
      privacyNote: (keptFor) => `We use your number only to ask about your visit, and delete it and your feedback after ${keptFor}.`,
    },
    privacy: { what: "Feedback registrations", why: "Your name and mobile, to call you about your visit, and any feedback you write." },
    inbox: {
      title: "Feedback",
      one: "feedback registration",
      many: "feedback registrations",
      lead: "People who asked to give the academy feedback, with anything they wrote. Call them back at a good time.",
      searchHint: "Search by name, mobile or words",
      columns: [mobileColumn, { column: "feedback", label: "Feedback", role: "text", nullable: true }],
    },
  },
});

export type SubmissionKinds = typeof submissionKinds;

/** A kind's retention in words, from the rule the purge applies: "12 months"; job applications by the policy in force. */
export function keptFor(kind: SubmissionKind, policy: RetentionPolicy = { applicants: APPLICANT_RETENTION_DEFAULTS }): string {
  return monthsText(kind.keptMonths === "applicant-policy" ? policy.applicants.openMonths : kind.keptMonths);
}

/** A form's privacy note, with its retention from the rule the purge applies. */
export function privacyNoteOf(kind: SubmissionKind, policy?: RetentionPolicy): string {
  return kind.form.privacyNote(keptFor(kind, policy));
}

/** A sent file, judged by the kind its first bytes show: the message beside its field when it is refused. */
export function judgeUpload(rule: UploadRule, file: { kind: string | null }): { ok: true } | { ok: false; message: string } {
  return file.kind !== null && (rule.kinds as readonly string[]).includes(file.kind) ? { ok: true } : { ok: false, message: rule.wrongKind };
}
