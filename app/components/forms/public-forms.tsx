/**
 * The five public forms, each drawn from its submission kind's descriptor
 * (app/modules/submissions/kinds.ts: fields, thanks, privacy note), ready to
 * place on its own page, and the end of a page whose form stands beside its words.
 *
 * A public form is a document's form: a plain post to its page's route action
 * (app/web/form-action.server.ts), which renders the page again with the
 * result. The thanks takes the form's place and the focus; a refused form
 * keeps every answer, opens with the GOV.UK error summary (each message
 * linking to its field, the summary focused) and shows each message beside
 * its field. Conform reads the action's reply into the fields.
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { href, Link } from "react-router";
import { BackLink } from "~/components/back-link";
import { Picture } from "~/components/picture";
import type { PictureData } from "~/modules/images/picture-data";
import { MOBILE_HINT, privacyNoteOf, submissionKinds, type FormField } from "~/modules/submissions/kinds";
import { formPagePaths, HONEYPOT_FIELD, TOKEN_FIELD, type SubmissionName } from "~/modules/submissions/names";
import type { RetentionPolicy } from "~/modules/submissions/retention";
import { thanksFor, type CodeWords } from "~/modules/site/words";
import { SEND_ONCE_SCRIPT } from "~/utils/plain-scripts";
import { CheckboxField, ErrorList, ErrorSummary, Field, SelectField, summaryErrors, TextareaField } from "./field-kit";

export { MOBILE_HINT };

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

/**
 * The form of one kind. `words`: the salon's own words from the studio, where set (the thanks); the kind's otherwise.
 * `retention`: the policy in force, where the kind's period depends on it (job applications).
 * `serverResult`: the page's own action result (Conform's submission result), after a post.
 */
export function SubmissionForm({ kind: name, token, words, retention, serverResult }: {
  kind: SubmissionName;
  token: string;
  words?: CodeWords | undefined;
  retention?: RetentionPolicy;
  serverResult?: SubmissionResult<string[]> | undefined;
}) {
  const kind = submissionKinds[name];
  const { fields, revealedBy = {} }: { fields: readonly FormField[]; revealedBy?: Record<string, string> } = kind.form;
  const [form, fieldset] = useForm<Record<string, unknown>>({ id: `${name}-form`, lastResult: serverResult });

  if (serverResult?.status === "success") {
    const thanks = thanksFor(words, name, kind.form.thanks);
    // The thanks takes the form's place and the focus, so a long form's page (join-us) shows it, not its end.
    return (
      <div tabIndex={-1} autoFocus role="status" className="scroll-my-24 rounded-2xl bg-[#e3f0df] p-6 outline-none ring-2 ring-[#3d6b36]/50">
        <h2 className="text-2xl">{thanks.heading}</h2>
        <p className="mt-3">{thanks.body}</p>
      </div>
    );
  }

  const problem = form.errors?.[0];
  const privacyId = `${form.id}-privacy`;
  // Hide a field until a checkbox is ticked (health details after consent): a selector in app.css does it.
  const triggers = new Set(Object.values(revealedBy));
  const role = (field: string) => (revealedBy[field] !== undefined ? "revealed" : triggers.has(field) ? "reveals" : undefined);

  return (
    <>
      <form
        method="post"
        action={formPagePaths[name]}
        // A form with a file field sends it as multipart/form-data.
        encType={fields.some((field) => field.kind === "file") ? "multipart/form-data" : undefined}
        {...getFormProps(form, { ariaDescribedBy: privacyId })}
        className="space-y-5"
      >
        <ErrorSummary id={`${form.id}-summary`} errors={summaryErrors(fields.map((field) => fieldset[field.name]!))} />
        {fields.map((field) => (
          <EnquiryField key={field.name} field={field} meta={fieldset[field.name]!} className={role(field.name)} />
        ))}
        {/* People never see this field; scripts that fill in every box do. */}
        <div className="hidden" aria-hidden="true">
          <label>
            Leave this empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <input type="hidden" name={TOKEN_FIELD} value={token} />
        <ErrorList id={form.errorId} errors={problem ? [problem] : undefined} />
        <p id={privacyId} className="text-sm text-ink/80">
          <Privacy>{privacyNoteOf(kind, retention)}</Privacy>
        </p>
        <button type="submit" className="button button-primary min-w-40">
          {kind.form.submitLabel}
        </button>
      </form>
      <script dangerouslySetInnerHTML={{ __html: SEND_ONCE_SCRIPT }} />
    </>
  );
}

/** One field of a public form, drawn by the field kit. */
function EnquiryField({ field, meta, className }: { field: FormField; meta: FieldMetadata<unknown>; className: string | undefined }) {
  const common = { meta, label: field.label, hint: field.hint, className };
  switch (field.kind) {
    case "checkbox":
      return <CheckboxField {...common} />;
    case "file":
      // `accept` says which kinds the device should offer (the server judges the file by its content).
      return <Field {...common} type="file" accept={field.accept} inputClassName="file:mr-3 file:rounded-md file:border-0 file:bg-ink/10 file:px-3 file:py-2 file:font-semibold" />;
    case "textarea":
      return <TextareaField {...common} rows={field.rows ?? 4} />;
    case "select":
      return <SelectField {...common} options={field.options} first={{ value: "default", label: "Please select" }} />;
    default:
      return <Field {...common} type={field.kind} autoComplete={field.autoComplete} inputMode={field.kind === "tel" ? "tel" : undefined} />;
  }
}

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
