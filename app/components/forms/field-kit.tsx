/**
 * The one field kit: every form on the site, public and staff, draws its
 * fields with these, over Conform's field metadata. One look (`.field`,
 * `.field-error` in app.css) and one accessible shape: a label tied to its
 * control, an optional hint the control is described by, and the field's
 * first error beside it, which Conform names in `aria-describedby` and
 * `aria-invalid` when it is there. The server's reply fills the same places,
 * and a form that was refused opens with an error summary (GOV.UK Design
 * System pattern) that links to each field in error.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// Conform's metadata for any one field: the kit draws it whatever the form's shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

interface FieldBase {
  meta: Meta;
  label: ReactNode;
  /** Said under the label, and read out with the control. */
  hint?: ReactNode;
  /** Kept in the page (so the form still sends it) but not shown. */
  hidden?: boolean;
  className?: string;
}

const wrapper = (hidden: boolean | undefined, className: string | undefined) => [hidden ? "hidden" : "", className ?? ""].join(" ").trim() || undefined;

/** A field's frame: its label (a `group`'s legend), its hint, the control, and its error. */
function Framed({ meta, label, hint, hidden, className, group, children }: FieldBase & { group?: boolean; children: ReactNode }) {
  const Frame = group ? "fieldset" : "div";
  return (
    <Frame className={wrapper(hidden, className)} aria-describedby={group && hint ? meta.descriptionId : undefined}>
      {group ? (
        <legend className="font-semibold">{label}</legend>
      ) : (
        <label htmlFor={meta.id} className="block font-semibold">
          {label}
        </label>
      )}
      <Hint meta={meta} hint={hint} />
      {children}
      <FieldError meta={meta} />
    </Frame>
  );
}

function Hint({ meta, hint }: { meta: Meta; hint: ReactNode }) {
  return hint ? (
    <p id={meta.descriptionId} className="mt-1 text-sm text-ink/75">
      {hint}
    </p>
  ) : null;
}

/** The field's first error, where `aria-describedby` points when there is one. */
export function FieldError({ meta }: { meta: Meta }) {
  return (
    <p id={meta.errorId} className="field-error empty:hidden">
      {meta.errors?.[0]}
    </p>
  );
}

type InputType = "text" | "email" | "tel" | "password" | "date" | "time" | "datetime-local" | "number" | "url" | "search" | "file";
type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form" | "defaultValue" | "className">;

/** A one-line input: text, email, tel, password, date… */
export function Field({ meta, label, hint, hidden, className, type = "text", inputClassName, ...attributes }: FieldBase & InputAttributes & { type?: InputType; inputClassName?: string }) {
  return (
    <Framed meta={meta} label={label} hint={hint} hidden={hidden} className={className}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined })}
        key={meta.key}
        {...attributes}
        className={inputClassName ? `field ${inputClassName}` : "field"}
      />
    </Framed>
  );
}

type TextareaAttributes = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form" | "defaultValue" | "className">;

export function TextareaField({ meta, label, hint, hidden, className, rows = 4, ...attributes }: FieldBase & TextareaAttributes) {
  return (
    <Framed meta={meta} label={label} hint={hint} hidden={hidden} className={className}>
      <textarea {...getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined })} key={meta.key} rows={rows} {...attributes} className="field" />
    </Framed>
  );
}

export interface Choice {
  readonly value: string;
  readonly label: string;
}

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "form" | "defaultValue" | "className" | "multiple">;

/** A drop-down; `first` is the choice shown before one is made ("Please select"). */
export function SelectField({ meta, label, hint, hidden, className, options, first, ...attributes }: FieldBase & SelectAttributes & { options: readonly Choice[]; first?: Choice }) {
  return (
    <Framed meta={meta} label={label} hint={hint} hidden={hidden} className={className}>
      <select {...getSelectProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined })} key={meta.key} {...attributes} className="field">
        {first ? <option value={first.value}>{first.label}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Framed>
  );
}

/** A tick box with its label beside it. */
export function CheckboxField({ meta, label, hint, hidden, className }: FieldBase) {
  return (
    <div className={wrapper(hidden, className)}>
      <div className="flex items-start gap-3">
        <input
          {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint ? meta.descriptionId : undefined })}
          key={meta.key}
          className="mt-1 size-6 shrink-0 accent-brass-dark"
        />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      <Hint meta={meta} hint={hint} />
      <FieldError meta={meta} />
    </div>
  );
}

/** Radio buttons or tick boxes, each beside its label, sent under the field's name. */
function Choices({ meta, type, options, inputClassName }: { meta: Meta; type: "radio" | "checkbox"; options: readonly Choice[]; inputClassName: string }) {
  return options.map((choice) => {
    const { key, ...input } = getInputProps(meta, { type, value: choice.value });
    return (
      <label key={key ?? choice.value} className="flex min-h-11 items-center gap-2">
        <input {...input} id={`${meta.id}-${choice.value}`} className={inputClassName} />
        {choice.label}
      </label>
    );
  });
}

/** One choice of several, as radio buttons under a legend. */
export function RadioGroupField({ options, ...field }: FieldBase & { options: readonly Choice[] }) {
  return (
    <Framed {...field} group>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        <Choices meta={field.meta} type="radio" options={options} inputClassName="size-5 accent-brass-dark" />
      </div>
    </Framed>
  );
}

/**
 * Several choices of one list, as tick boxes under a legend, sent under one
 * name; `groups` sets the choices out under their own small headings.
 */
export function CheckboxGroupField({ groups, ...field }: FieldBase & { groups: readonly { heading: string; options: readonly Choice[] }[] }) {
  return (
    <Framed {...field} group>
      {groups.map((group) => (
        <div key={group.heading} className="mt-2">
          <p className="text-sm font-semibold text-ink/75">{group.heading}</p>
          <div className="mt-1 grid gap-x-5 sm:grid-cols-2">
            <Choices meta={field.meta} type="checkbox" options={group.options} inputClassName="size-5 shrink-0 accent-brass-dark" />
          </div>
        </div>
      ))}
    </Framed>
  );
}

/**
 * A field no schema checks (a search that filters as you type, the budget a
 * calculator page reads from its address): the same label and look as the
 * rest, the control's value in the caller's hands.
 */
export function PlainField({ id, label, className, inputClassName, ...attributes }: Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & { id: string; label: ReactNode; className?: string; inputClassName?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input id={id} {...attributes} className={inputClassName ? `field ${inputClassName}` : "field"} />
    </div>
  );
}

/**
 * A form's own errors (not a field's): announced as they appear, and named
 * by the form through `id` (Conform's `form.errorId`) for its ARIA.
 */
export function ErrorList({ errors, id, className = "" }: { errors: readonly string[] | undefined; id?: string; className?: string }) {
  return (
    <div id={id} role="alert" className={`empty:hidden ${className}`}>
      {errors?.map((error) => (
        <p key={error} className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          {error}
        </p>
      ))}
    </div>
  );
}

/** One line of an error summary: the message, linking to the field it is about (by the control's id). */
interface SummaryError {
  id: string;
  message: string;
}

/** The field errors of a Conform form, in the order the fields are drawn, for its error summary. */
export function summaryErrors(fields: readonly Meta[]): SummaryError[] {
  return fields.flatMap((meta) => (meta.errors?.[0] ? [{ id: meta.id, message: meta.errors[0] }] : []));
}

/**
 * The GOV.UK Design System's error summary: at the top of a form the server
 * refused, "There is a problem" and each message, linking to its field. It
 * takes the focus as the page loads (`autofocus`, no script needed), so a
 * screen reader reads it first and the keyboard starts there.
 */
export function ErrorSummary({ errors, id }: { errors: readonly SummaryError[]; id: string }) {
  if (errors.length === 0) return null;
  return (
    <div id={id} className="error-summary" aria-labelledby={`${id}-title`} role="alert" tabIndex={-1} autoFocus>
      <h2 id={`${id}-title`} className="text-xl">
        There is a problem
      </h2>
      <ul className="mt-3 space-y-1">
        {errors.map((error) => (
          <li key={error.id}>
            <a href={`#${error.id}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
