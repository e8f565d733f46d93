/**
 * The five public forms, each with its fields, thanks and privacy note, ready
 * to place on its own page or in a section of the landing page.
 */
import { Link } from "react-router";
import {
  contactSchema,
  FEEDBACK_MAX,
  feedbackSchema,
  interestSchema,
  joinUsFormSchema,
  modelSchema,
  positions,
  roles,
} from "~/modules/enquiries/schemas";
import { MARKETING_WORDS } from "~/modules/marketing/consent-words";
import { EnquiryForm, type FieldSpec, type ServerResult } from "./enquiry-form";

interface FormProps {
  token: string;
  phone: string;
  serverResult?: ServerResult | undefined;
}

const nameField = (label: string): FieldSpec => ({ name: "name", label, kind: "text", autoComplete: "name" });
/** The hint under every mobile number field (the quote's finish form too). */
export const MOBILE_HINT = "A UK mobile, for example 07700 900123";

const mobileField: FieldSpec = { name: "mobile", label: "Mobile number", kind: "tel", autoComplete: "tel", hint: MOBILE_HINT };
const emailField: FieldSpec = { name: "email", label: "Email address", kind: "email", autoComplete: "email" };

/** A form's privacy note, ending with the link to the privacy page (the quote's finish form uses it too). */
export function Privacy({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}{" "}
      <Link to="/privacy" className="underline">
        How we look after your details
      </Link>
      .
    </>
  );
}

export function JoinUsForm(props: FormProps) {
  return (
    <EnquiryForm
      {...props}
      form="joinus"
      schema={joinUsFormSchema}
      submitLabel="Send my application"
      fields={[
        nameField("Full name"),
        mobileField,
        emailField,
        { name: "role", label: "Which role are you applying for?", kind: "select", options: roles },
        { name: "position", label: "Where are you now?", kind: "select", options: positions },
        { name: "about", label: "Tell us about yourself", kind: "textarea", rows: 5 },
        { name: "why_hair", label: "Why hairdressing?", kind: "textarea" },
        { name: "why_us", label: "Why Base?", kind: "textarea" },
        { name: "marketing_email", label: MARKETING_WORDS.email, kind: "checkbox", hint: "Optional." },
        { name: "marketing_sms", label: MARKETING_WORDS.sms, kind: "checkbox", hint: "Optional." },
      ]}
      thanks={
        <>
          <h2 className="text-2xl">Thank you, your application is in</h2>
          <p className="mt-3">
            One application covers all three of our salons, so there is no need to apply to our sister salons as well. We
            have sent you an email to confirm, and our education team will be in touch within two weeks.
          </p>
        </>
      }
      privacy={
        <Privacy>
          We keep your application for 12 months so our education team can consider you for places at all three salons,
          then delete it. We send you offers only if you tick a box above.
        </Privacy>
      }
    />
  );
}

export function ModelsForm(props: FormProps) {
  return (
    <EnquiryForm
      {...props}
      form="models"
      schema={modelSchema}
      submitLabel="Sign me up"
      revealedBy={{ health: "health_consent" }}
      fields={[
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
      ]}
      thanks={
        <>
          <h2 className="text-2xl">Thanks, you're on our list of models</h2>
          <p className="mt-3">When a training day needs hair like yours, we'll text you to arrange a time.</p>
        </>
      }
      privacy={
        <Privacy>
          We keep your details for 12 months to offer you model appointments, then delete them. Health details are kept only
          if you tick the box, and only to keep you safe.
        </Privacy>
      }
    />
  );
}

export function ContactForm(props: FormProps) {
  return (
    <EnquiryForm
      {...props}
      form="contact"
      schema={contactSchema}
      submitLabel="Send message"
      fields={[nameField("Name"), emailField, { name: "message", label: "Your message", kind: "textarea", rows: 6 }]}
      thanks={
        <>
          <h2 className="text-2xl">Thanks, your message is with us</h2>
          <p className="mt-3">We reply to every message, usually within two working days.</p>
        </>
      }
      privacy={<Privacy>We use your name and email only to reply, and delete the message after 12 months.</Privacy>}
    />
  );
}

export function InterestForm(props: FormProps & { kind: "open-evening" | "feedback" }) {
  const openEvening = props.kind === "open-evening";
  return (
    <EnquiryForm
      {...props}
      form={props.kind}
      schema={openEvening ? interestSchema : feedbackSchema}
      submitLabel={openEvening ? "Register my interest" : "Send"}
      fields={
        openEvening
          ? [nameField("Full name"), mobileField]
          : [
              nameField("Full name"),
              mobileField,
              {
                name: "feedback",
                label: "Your feedback",
                kind: "textarea",
                rows: 5,
                hint: `Optional, up to ${FEEDBACK_MAX} characters. Tell us now, or save it for when we call.`,
              },
            ]
      }
      thanks={
        openEvening ? (
          <>
            <h2 className="text-2xl">You're on the list</h2>
            <p className="mt-3">We'll text you the date and time of our next open evening.</p>
          </>
        ) : (
          <>
            <h2 className="text-2xl">Thank you</h2>
            <p className="mt-3">We'll call you soon to hear how your visit went.</p>
          </>
        )
      }
      privacy={
        <Privacy>
          {openEvening
            ? "We use your number only to tell you about the open evening, and delete it after six months."
            : "We use your number only to ask about your visit, and delete it and your feedback after six months."}
        </Privacy>
      }
    />
  );
}
