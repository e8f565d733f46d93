/**
 * A save refused because someone changed the record since it was opened
 * (decision record 0069): their version, as saved now (read with the
 * refusal), beside what this person typed, field by field, and the choice.
 * "Keep mine" sends what they typed again, over theirs, with theirs' version;
 * "Keep theirs" lets what they typed go (the form under it shows theirs once
 * the page's data is read again). What they typed stays on screen, to copy,
 * until they choose, and leaving the page meanwhile asks first: nothing typed
 * is thrown away unasked. Works without JavaScript: Keep mine is a form, Keep
 * theirs a link.
 */
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { Form, Link } from "react-router";
import type { BoxValue, StudioConflict } from "~/web/studio-reply";
import { useSayStatus } from "./save-status";

/** A box of the record's form, as the panel names and shows it. */
export interface ConflictField {
  name: string;
  label: string;
  /** A choice: its value shown as its label. */
  options?: readonly { value: string; label: string }[];
  /** A tick box: "on" (or "true") is yes, anything else no. */
  check?: boolean;
  /** Several boxes of one name (what an offer covers): every value the form sent. */
  multiple?: boolean;
  /** What nothing given means, when it means something ("Every service"). */
  empty?: string;
}

function shownValue(field: ConflictField, value: BoxValue): string {
  if (field.check) return value === "on" || value === "true" ? "Yes" : "No";
  const values = (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]) as readonly string[];
  const labels = values.map((v) => field.options?.find((o) => o.value === v)?.label ?? v);
  return labels.length === 0 ? (field.empty ?? "") : labels.join(field.multiple ? ", " : "");
}

function ConflictPanel({
  conflict,
  fields,
  anchor,
  what,
}: {
  /** The refusal, with theirs (the record's boxes and version, as read with it) and yours (the boxes as sent). */
  conflict: StudioConflict;
  fields: readonly ConflictField[];
  /** The id of the record's form, which Keep theirs goes back to. */
  anchor: string;
  /** The record in words, for the buttons' names: "Roots Touch-up". */
  what: string;
}) {
  const say = useSayStatus();
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<StudioConflict | null>(null);
  const yours = new Map<string, string>(conflict.yours);
  const yoursOf = (field: ConflictField): BoxValue => (field.multiple ? conflict.yours.filter(([name]) => name === field.name).map(([, v]) => v) : yours.get(field.name));
  // Where the eye goes: the panel, once it is there (with JavaScript; without, the page opens on the status line).
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [conflict]);
  if (chosen === conflict) return null;
  const rows = fields.map((field) => ({ field, theirs: shownValue(field, conflict.theirs[field.name]), yours: shownValue(field, yoursOf(field)) }));
  const differ = rows.filter((r) => r.theirs !== r.yours);
  const same = rows.filter((r) => r.theirs === r.yours);
  const id = `${anchor}-conflict`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-blush/40 p-4 ring-2 ring-brass" data-conflict>
      <h3 id={id} ref={heading} tabIndex={-1} className="text-xl">
        Someone else saved this while you were typing
      </h3>
      <p className="mt-1">{conflict.message} Theirs is what is saved now; yours is what you typed, not saved yet. Copy what you need, then choose.</p>
      {differ.length === 0 ? <p className="mt-3 font-semibold">Their version says the same as yours.</p> : null}
      <div className="mt-3 space-y-3">
        {differ.map(({ field, theirs: theirValue, yours: yourValue }) => (
          <div key={field.name} className="rounded-xl bg-white p-3 ring-1 ring-ink/10">
            <p className="font-semibold">{field.label}</p>
            <div className="mt-2 grid grid-cols-2 gap-3">
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-[0.15em] text-brass-dark uppercase">Theirs</p>
                <p className="mt-1 break-words whitespace-pre-wrap" data-theirs={field.name}>
                  {theirValue || <span className="italic">(empty)</span>}
                </p>
              </div>
              <div className="min-w-0 border-l-2 border-brass pl-3">
                <p className="text-xs font-semibold tracking-[0.15em] text-brass-dark uppercase">Yours</p>
                <p className="mt-1 break-words whitespace-pre-wrap select-all" data-yours={field.name}>
                  {yourValue || <span className="italic">(empty)</span>}
                </p>
              </div>
            </div>
          </div>
        ))}
      </div>
      {same.length > 0 && differ.length > 0 ? <p className="mt-3 text-sm">The same in both: {same.map((r) => r.field.label).join(", ")}.</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" preventScrollReset>
          {conflict.yours.map(([name, value], i) => (name === "version" ? null : <input key={`${name}-${i}`} type="hidden" name={name} value={value} />))}
          <input type="hidden" name="version" value={conflict.version} />
          <button type="submit" className="button button-primary">
            Keep mine<span className="sr-only">: save what I typed over theirs, for {what}</span>
          </button>
        </Form>
        <Link
          to={{ hash: anchor }}
          className="button button-outline"
          onClick={(event) => {
            // With JavaScript the form under the panel shows theirs already: the panel goes, nothing is loaded again.
            event.preventDefault();
            setChosen(conflict);
            say(`Kept their version of ${what}; what you typed was not saved.`);
            document.getElementById(anchor)?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select")?.focus();
          }}
        >
          Keep theirs<span className="sr-only">: let what I typed go, for {what}</span>
        </Link>
      </div>
    </section>
  );
}

/** The panel in its place above a record's form (`className` spaces it), when the form's last save met a newer change; nothing otherwise. */
export function ConflictAbove({ className, conflict, ...panel }: Omit<ComponentProps<typeof ConflictPanel>, "conflict"> & { className: string; conflict: StudioConflict | undefined }) {
  return conflict ? (
    <div className={className}>
      <ConflictPanel conflict={conflict} {...panel} />
    </div>
  ) : null;
}
