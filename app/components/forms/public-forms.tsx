/**
 * The five public forms, each drawn from its submission kind's descriptor
 * (app/modules/submissions/kinds.ts: fields, thanks, privacy note), ready to
 * place on its own page, and the end of a page whose form stands beside its words.
 */
import { href, Link } from "react-router";
import { BackLink } from "~/components/back-link";
import { Picture } from "~/components/picture";
import type { PictureData } from "~/modules/images/picture-data";
import { MOBILE_HINT, privacyNoteOf, submissionKinds, type SubmissionKind } from "~/modules/submissions/kinds";
import type { SubmissionName } from "~/modules/submissions/names";
import type { RetentionPolicy } from "~/modules/submissions/retention";
import { THANKED_FORMS, thanksFor, type CodeWords, type ThankedForm } from "~/modules/site/words";
import { EnquiryForm, type ServerResult } from "./enquiry-form";

export { MOBILE_HINT };

interface FormProps {
  token: string;
  /** The salon's own words from the studio, where set (the thanks); the kind's otherwise. */
  words?: CodeWords | undefined;
  serverResult?: ServerResult | undefined;
}

/** A form's privacy note, ending with the link to the privacy page (the quote's finish form uses it too). */
export function Privacy({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}{" "}
      <Link to={href("/privacy")} className="underline">
        How we look after your details
      </Link>
      .
    </>
  );
}

/** The form of one kind. `retention`: the policy in force, where the kind's period depends on it (job applications). */
export function SubmissionForm({ kind: name, retention, words, ...props }: FormProps & { kind: SubmissionName; retention?: RetentionPolicy }) {
  const kind: SubmissionKind = submissionKinds[name];
  const { form } = kind;
  const thanks = (THANKED_FORMS as readonly string[]).includes(name) ? thanksFor(words, name as ThankedForm, form.thanks) : form.thanks;
  return (
    <EnquiryForm
      {...props}
      form={name}
      submitLabel={form.submitLabel}
      fields={[...form.fields]}
      revealedBy={form.revealedBy}
      thanks={
        <>
          <h2 className="text-2xl">{thanks.heading}</h2>
          <p className="mt-3">{thanks.body}</p>
        </>
      }
      privacy={<Privacy>{privacyNoteOf(kind, retention)}</Privacy>}
    />
  );
}

export const JoinUsForm = (props: FormProps & { retention: RetentionPolicy }) => <SubmissionForm kind="joinus" {...props} />;
export const ModelsForm = (props: FormProps) => <SubmissionForm kind="models" {...props} />;
export const ContactForm = (props: FormProps) => <SubmissionForm kind="messages" {...props} />;
export const InterestForm = (props: FormProps & { kind: "open-evening" | "feedback" }) => <SubmissionForm {...props} />;

/**
 * The end of a page whose form stands beside its words (join us, models): the
 * page's picture under the words on a wide screen (on a phone the form follows
 * the words, and the picture is left out), then the way back.
 */
export function FormPageEnd({ picture }: { picture: PictureData | undefined }) {
  return (
    <>
      <Picture
        picture={picture}
        alt=""
        widths={[480, 800]}
        sizes="(min-width: 64rem) 34rem, 90vw"
        className="mt-10 hidden aspect-[16/9] w-full rounded-2xl lg:block"
      />
      <p className="mt-8">
        <BackLink />
      </p>
    </>
  );
}
