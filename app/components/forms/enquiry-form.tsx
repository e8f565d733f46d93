/**
 * A public form, a document's form: a plain post to its page's route action
 * (app/web/form-action.server.ts), which renders the page again with the
 * result. The thanks takes the form's place and the focus; a refused form
 * keeps every answer, opens with the GOV.UK error summary (each message
 * linking to its field, the summary focused) and shows each message beside
 * its field. Conform reads the action's reply into the fields.
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { formPagePaths, HONEYPOT_FIELD, TOKEN_FIELD, type SubmissionName } from "~/modules/submissions/names";
import { SEND_ONCE_SCRIPT } from "~/utils/plain-scripts";
import { CheckboxField, ErrorList, ErrorSummary, Field, FileField, SelectField, summaryErrors, TextareaField, type Choice } from "./field-kit";

export type FieldSpec = { name: string; label: string; hint?: string } & (
  | { kind: "text" | "email" | "tel"; autoComplete?: string }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Choice[] }
  | { kind: "checkbox" }
  | { kind: "file"; accept: string }
);

/** What a form page's action answers (Conform's submission result). */
export type ServerResult = SubmissionResult<string[]>;

interface Props {
  form: SubmissionName;
  fields: FieldSpec[];
  submitLabel: string;
  /** Replaces the form once it is sent. */
  thanks: ReactNode;
  /** Shown at the form: what is kept, why and for how long. */
  privacy: ReactNode;
  token: string;
  /** The page's own action result, after a post. */
  serverResult?: ServerResult | undefined;
  /** Hide a field until a checkbox is ticked (health details after consent): a selector in app.css does it. */
  revealedBy?: Record<string, string>;
}

export function EnquiryForm(props: Props) {
  const { form: name, fields, submitLabel, thanks, privacy, token, serverResult } = props;
  const [form, fieldset] = useForm<Record<string, unknown>>({ id: `${name}-form`, lastResult: serverResult });

  if (serverResult?.status === "success") {
    // The thanks takes the form's place and the focus, so a long form's page (join-us) shows it, not its end.
    return (
      <div tabIndex={-1} autoFocus role="status" className="scroll-my-24 rounded-2xl bg-[#e3f0df] p-6 outline-none ring-2 ring-[#3d6b36]/50">
        {thanks}
      </div>
    );
  }

  const problem = form.errors?.[0];
  const privacyId = `${form.id}-privacy`;
  const triggers = new Set(Object.values(props.revealedBy ?? {}));
  const role = (field: string) => (props.revealedBy?.[field] !== undefined ? "revealed" : triggers.has(field) ? "reveals" : undefined);

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
          {privacy}
        </p>
        <button type="submit" className="button button-primary min-w-40">
          {submitLabel}
        </button>
      </form>
      <script dangerouslySetInnerHTML={{ __html: SEND_ONCE_SCRIPT }} />
    </>
  );
}

/** One field of a public form, drawn by the field kit. */
function EnquiryField({ field, meta, className }: { field: FieldSpec; meta: FieldMetadata<unknown>; className: string | undefined }) {
  const common = { meta, label: field.label, hint: field.hint, className };
  switch (field.kind) {
    case "checkbox":
      return <CheckboxField {...common} />;
    case "file":
      return <FileField {...common} accept={field.accept} />;
    case "textarea":
      return <TextareaField {...common} rows={field.rows ?? 4} />;
    case "select":
      return <SelectField {...common} options={field.options} first={{ value: "default", label: "Please select" }} />;
    default:
      return <Field {...common} type={field.kind} autoComplete={field.autoComplete} inputMode={field.kind === "tel" ? "tel" : undefined} />;
  }
}
