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
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { formPagePaths, HONEYPOT_FIELD, TOKEN_FIELD, type SubmissionName } from "~/modules/submissions/names";
import { useHydrated } from "../client-state";
import { NOT_SENT } from "./client-action";

type Option = { readonly value: string; readonly label: string };

export type FieldSpec = { name: string; label: string; hint?: string } & (
  | { kind: "text" | "email" | "tel"; autoComplete?: string }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Option[] }
  | { kind: "checkbox" }
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
  /** Scroll the page to the top after sending (the join-us page does). */
  scrollTopOnSuccess?: boolean;
  /** Hide a field until a checkbox is ticked (health details after consent). */
  revealedBy?: Record<string, string>;
}

const inputClass =
  "mt-1 block w-full rounded-lg border-2 border-ink/25 bg-white px-3 py-2.5 text-base text-ink focus:border-brass-dark aria-[invalid=true]:border-red-700";

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
  const { scrollTopOnSuccess } = props;

  useEffect(() => {
    if (!sent) return;
    if (scrollTopOnSuccess) window.scrollTo({ top: 0 });
    thanksRef.current?.focus({ preventScroll: Boolean(scrollTopOnSuccess) });
  }, [sent, scrollTopOnSuccess]);

  if (sent) {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="rounded-2xl bg-sage/10 p-6 outline-none ring-1 ring-sage/30">
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
        <Field key={field.name} field={field} meta={fieldset[field.name]!} hidden={hidden(field.name)} />
      ))}
      {/* People never see this field; scripts that fill in every box do. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <input type="hidden" name={TOKEN_FIELD} value={token} />
      <div role="alert" className="empty:hidden">
        {problem ? (
          <p id={form.errorId} className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
            {problem}
            {problem === NOT_SENT ? ` Please try again, or call us on ${phone}.` : null}
          </p>
        ) : null}
      </div>
      <p id={privacyId} className="text-sm text-ink/80">
        {privacy}
      </p>
      <button type="submit" className="button button-primary min-w-40 disabled:opacity-60" disabled={sending}>
        {sending ? "Sending…" : submitLabel}
      </button>
    </fetcher.Form>
  );
}

function Field({ field, meta, hidden }: { field: FieldSpec; meta: FieldMetadata<unknown>; hidden: boolean }) {
  const aria = { ariaDescribedBy: field.hint ? meta.descriptionId : undefined };
  const error = meta.errors?.[0];
  const hint = field.hint ? (
    <p id={meta.descriptionId} className="mt-1 text-sm text-ink/75">
      {field.hint}
    </p>
  ) : null;
  const message = error ? (
    <p id={meta.errorId} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;

  if (field.kind === "checkbox") {
    return (
      <div className={hidden ? "hidden" : ""}>
        <div className="flex items-start gap-3">
          <input {...getInputProps(meta, { type: "checkbox", ...aria })} key={meta.key} className="mt-1 size-6 shrink-0 accent-brass-dark" />
          <label htmlFor={meta.id}>{field.label}</label>
        </div>
        {hint}
        {message}
      </div>
    );
  }
  return (
    <div className={hidden ? "hidden" : ""}>
      <label htmlFor={meta.id} className="block font-semibold">
        {field.label}
      </label>
      {hint}
      {field.kind === "textarea" ? (
        <textarea {...getTextareaProps(meta, aria)} key={meta.key} rows={field.rows ?? 4} className={inputClass} />
      ) : field.kind === "select" ? (
        <select {...getSelectProps(meta, aria)} key={meta.key} className={inputClass}>
          <option value="default">Please select</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...getInputProps(meta, { type: field.kind, ...aria })}
          key={meta.key}
          autoComplete={field.autoComplete}
          inputMode={field.kind === "tel" ? "tel" : undefined}
          className={inputClass}
        />
      )}
      {message}
    </div>
  );
}
