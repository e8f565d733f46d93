/**
 * A public form that works with and without JavaScript.
 * With it: the form's own zod schema checks the answers on submit, errors
 * appear beside their fields (announced, focus on the first), the answers post
 * as JSON to the API, and a failure keeps every answer and says so plainly.
 * Without it: a normal form post to the page's action, which renders the same.
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import {
  fieldErrors,
  formApiPaths,
  formPagePaths,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
  TOKEN_FIELD,
  type FormActionResult,
  type PublicFormName,
} from "~/modules/enquiries/schemas";

type Option = { readonly value: string; readonly label: string };

export type FieldSpec = { name: string; label: string; hint?: string } & (
  | { kind: "text" | "email" | "tel"; autoComplete?: string }
  | { kind: "textarea"; rows?: number }
  | { kind: "select"; options: readonly Option[] }
  | { kind: "checkbox" }
);

export type ServerResult = FormActionResult;

interface Props {
  form: PublicFormName;
  schema: z.ZodType;
  fields: FieldSpec[];
  submitLabel: string;
  /** Replaces the form once it is sent. */
  thanks: ReactNode;
  /** Shown at the form: what is kept, why and for how long. */
  privacy: ReactNode;
  token: string;
  phone: string;
  serverResult?: ServerResult | undefined;
  /** Scroll the page to the top after sending (the join-us page does). */
  scrollTopOnSuccess?: boolean;
  /** Hide a field until a checkbox is ticked (health details after consent). */
  revealedBy?: Record<string, string>;
}

type Status = "idle" | "sending" | "sent";

const inputClass =
  "mt-1 block w-full rounded-lg border-2 border-ink/25 bg-white px-3 py-2.5 text-base text-ink focus:border-brass-dark aria-[invalid=true]:border-red-700";

function initialValues(fields: FieldSpec[], from: Record<string, string> | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const sent = from?.[field.name];
    values[field.name] = sent ?? (field.kind === "select" ? "default" : "");
  }
  return values;
}

export function EnquiryForm(props: Props) {
  const { form, schema, fields, submitLabel, thanks, privacy, token, phone, serverResult } = props;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(() => initialValues(fields, serverResult?.values));
  const [errors, setErrors] = useState<Record<string, string>>(serverResult?.fields ?? {});
  const [problem, setProblem] = useState<string | undefined>(serverResult?.fields ? undefined : serverResult?.error);
  const [status, setStatus] = useState<Status>(serverResult?.ok ? "sent" : "idle");
  // Until the page is interactive every field shows, so the form works without JavaScript.
  const interactive = useSyncExternalStore(noSubscription, () => true, () => false);
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  const fieldId = (name: string) => `${id}-${name}`;
  const errorCount = Object.keys(errors).length;

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = fields.find((f) => found[f.name]);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first.name))?.focus());
  };

  const payload = () => {
    const body: Record<string, unknown> = {};
    for (const field of fields) body[field.name] = field.kind === "checkbox" ? values[field.name] === "on" : values[field.name];
    return body;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "sending") return;
    setProblem(undefined);
    const checked = schema.safeParse(payload());
    if (!checked.success) return showErrors(fieldErrors(checked.error));
    setErrors({});
    setStatus("sending");
    // The server turns away forms sent within seconds of being shown (a script's pace); a quick
    // person's send simply waits out the rest of that time, counted from when the page became usable.
    const wait = MIN_FILL_MS + 250 - (performance.now() - shownAt.current);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const honeypot = (formRef.current?.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "";
    try {
      const response = await fetch(formApiPaths[form], {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...payload(), [HONEYPOT_FIELD]: honeypot, [TOKEN_FIELD]: token }),
      });
      if (response.ok) {
        setStatus("sent");
        requestAnimationFrame(() => {
          if (props.scrollTopOnSuccess) window.scrollTo({ top: 0 });
          thanksRef.current?.focus({ preventScroll: Boolean(props.scrollTopOnSuccess) });
        });
        return;
      }
      setStatus("idle");
      const body = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
      if (response.status === 400 && body.fields) return showErrors(body.fields);
      if (response.status === 400 || response.status === 429) return setProblem(body.error ?? failure(phone));
      setProblem(failure(phone));
    } catch {
      setStatus("idle");
      setProblem(failure(phone));
    }
  }

  if (status === "sent") {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="rounded-2xl bg-sage/10 p-6 outline-none ring-1 ring-sage/30">
        {thanks}
      </div>
    );
  }

  const hidden = (name: string) => {
    const trigger = props.revealedBy?.[name];
    return interactive && trigger !== undefined && values[trigger] !== "on";
  };

  return (
    <form ref={formRef} method="post" action={formPagePaths[form]} noValidate onSubmit={onSubmit} aria-describedby={`${id}-privacy`} className="space-y-5">
      <div aria-live="polite" className="empty:hidden">
        {errorCount > 0 ? (
          <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
            {errorCount === 1 ? "Please correct the answer marked below." : `Please correct the ${errorCount} answers marked below.`}
          </p>
        ) : null}
      </div>
      {fields.map((field) => (
        <Field
          key={field.name}
          field={field}
          id={fieldId(field.name)}
          value={values[field.name] ?? ""}
          error={errors[field.name]}
          hidden={hidden(field.name)}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
        />
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
        {problem ? <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">{problem}</p> : null}
      </div>
      <p id={`${id}-privacy`} className="text-sm text-ink/80">
        {privacy}
      </p>
      <button type="submit" className="button button-primary min-w-40 disabled:opacity-60" disabled={status === "sending"}>
        {status === "sending" ? "Sending…" : submitLabel}
      </button>
    </form>
  );
}

const noSubscription = () => () => {};

function failure(phone: string) {
  return `Sorry, that didn't send. Please try again, or call us on ${phone}.`;
}

function Field({
  field,
  id,
  value,
  error,
  hidden,
  onChange,
}: {
  field: FieldSpec;
  id: string;
  value: string;
  error: string | undefined;
  hidden: boolean;
  onChange: (value: string) => void;
}) {
  const describedBy = [field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const hint = field.hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-ink/75">
      {field.hint}
    </p>
  ) : null;
  const message = error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;

  if (field.kind === "checkbox") {
    return (
      <div className={hidden ? "hidden" : ""}>
        <div className="flex items-start gap-3">
          <input
            {...common}
            type="checkbox"
            checked={value === "on"}
            onChange={(e) => onChange(e.target.checked ? "on" : "")}
            className="mt-1 size-6 shrink-0 accent-brass-dark"
          />
          <label htmlFor={id}>{field.label}</label>
        </div>
        {hint}
        {message}
      </div>
    );
  }
  return (
    <div className={hidden ? "hidden" : ""}>
      <label htmlFor={id} className="block font-semibold">
        {field.label}
      </label>
      {hint}
      {field.kind === "textarea" ? (
        <textarea {...common} rows={field.rows ?? 4} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      ) : field.kind === "select" ? (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          <option value="default">Please select</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind}
          value={value}
          autoComplete={field.autoComplete}
          inputMode={field.kind === "tel" ? "tel" : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
      {message}
    </div>
  );
}

