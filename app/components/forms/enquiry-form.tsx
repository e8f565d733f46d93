/**
 * A public form that works with and without JavaScript, through one path: its
 * page's route action (app/web/form-action.server.ts).
 * With JavaScript: a fetcher posts to the form's own page (wherever the form
 * is shown), and Conform checks the answers with the form's zod schema first
 * (on submit, then again as each answer changes), puts errors beside their
 * fields, announces them and moves focus to the first.
 * Without it: a plain form post to the same action, which renders the same
 * result: the thanks, or the errors with every answer kept.
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { formPagePaths, HONEYPOT_FIELD, TOKEN_FIELD, type SubmissionName } from "~/modules/submissions/names";
import { useHydrated } from "../client-state";
import { NOT_SENT } from "./client-action";
import { CheckboxField, ErrorList, Field, FileField, SelectField, TextareaField, type Choice } from "./field-kit";

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
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  fields: FieldSpec[];
  submitLabel: string;
  /** Replaces the form once it is sent. */
  thanks: ReactNode;
  /** Shown at the form: what is kept, why and for how long. */
  privacy: ReactNode;
  token: string;
  /** The salon's number, offered when a form cannot be sent. */
  phone: string;
  /** The page's own action result, after a post without JavaScript. */
  serverResult?: ServerResult | undefined;
  /** Hide a field until a checkbox is ticked (health details after consent). */
  revealedBy?: Record<string, string>;
}

export function EnquiryForm(props: Props) {
  const { form: name, schema, fields, submitLabel, thanks, privacy, token, phone, serverResult } = props;
  const fetcher = useFetcher<ServerResult>();
  const lastResult = fetcher.data ?? serverResult;
  const [form, fieldset] = useForm<Record<string, unknown>>({
    id: `${name}-form`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  // Until the page is interactive every field shows, so the form works without JavaScript.
  const hydrated = useHydrated();
  const sending = fetcher.state !== "idle";
  const sent = lastResult?.status === "success";
  const thanksRef = useRef<HTMLDivElement>(null);

  // The thanks takes the form's place. After a long form (join-us) the page is suddenly shorter and the
  // browser may be left scrolled past it: bring it into view (no jump when it already is) and focus it.
  useEffect(() => {
    if (!sent) return;
    const thanksPanel = thanksRef.current;
    thanksPanel?.focus({ preventScroll: true });
    thanksPanel?.scrollIntoView({ block: "nearest" });
  }, [sent]);

  if (sent) {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="scroll-my-24 rounded-2xl bg-[#e3f0df] p-6 outline-none ring-2 ring-[#3d6b36]/50">
        {thanks}
      </div>
    );
  }

  const errorCount = fields.filter((field) => fieldset[field.name]?.errors?.length).length;
  const problem = form.errors?.[0];
  const privacyId = `${form.id}-privacy`;
  const hidden = (field: string) => {
    const trigger = props.revealedBy?.[field];
    return hydrated && trigger !== undefined && fieldset[trigger]?.value !== "on";
  };

  return (
    <fetcher.Form
      method="post"
      action={formPagePaths[name]}
      // A form with a file field sends it as multipart/form-data, with or without JavaScript.
      encType={fields.some((field) => field.kind === "file") ? "multipart/form-data" : undefined}
      {...getFormProps(form, { ariaDescribedBy: privacyId })}
      className="space-y-5"
    >
      <div aria-live="polite" className="empty:hidden">
        {errorCount > 0 ? (
          <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
            {errorCount === 1 ? "Please correct the answer marked below." : `Please correct the ${errorCount} answers marked below.`}
          </p>
        ) : null}
      </div>
      {fields.map((field) => (
        <EnquiryField key={field.name} field={field} meta={fieldset[field.name]!} hidden={hidden(field.name)} />
      ))}
      {/* People never see this field; scripts that fill in every box do. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      <ErrorList id={form.errorId} errors={problem ? [problem === NOT_SENT ? `${problem} Please try again, or call us on ${phone}.` : problem] : undefined} />
      <p id={privacyId} className="text-sm text-ink/80">
        {privacy}
      </p>
      <button type="submit" className="button button-primary min-w-40 disabled:opacity-60" disabled={sending}>
        {sending ? "Sending…" : submitLabel}
      </button>
    </fetcher.Form>
  );
}

/** One field of a public form, drawn by the field kit. */
function EnquiryField({ field, meta, hidden }: { field: FieldSpec; meta: FieldMetadata<unknown>; hidden: boolean }) {
  const common = { meta, label: field.label, hint: field.hint, hidden };
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
