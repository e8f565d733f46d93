/**
 * One item of a studio list (a service, a level, a stylist, an offer, a post, a section of words): a line that
 * names it and shows its marks, folded over its form. It opens by itself when its last save was refused or met
 * a newer change, so the message and the typed text are in view.
 */
import type { ComponentProps, ReactNode } from "react";
import { HeadedSection } from "~/components/page";
import { ConflictAbove } from "./conflict-panel";
import { BusyButton, HiddenForm, StudioForm } from "./intent-form";
import { Field } from "~/components/forms/field-kit";

export function StudioRow({ title, marks, open, children }: { title: ReactNode; marks?: ReactNode; open: boolean; children: ReactNode }) {
  return (
    <details className="rounded-2xl bg-white ring-1 ring-ink/10" open={open || undefined}>
      <summary className="flex min-h-14 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <span className="mr-auto font-semibold break-words">{title}</span>
        {marks}
      </summary>
      {children}
    </details>
  );
}

/** A record's form (StudioForm's `hidden`, `className`) under its conflict panel (`conflictClassName`), ending in its Save button (BusyButton's `who`; `submit`, other words). */
export function RecordForm<Schema extends Record<string, unknown>>({ conflictClassName, conflict, fields, what, busy, who, submit = "Save", children, ...studio }: Omit<Parameters<typeof StudioForm<Schema>>[0], "intent" | "encType" | "onInput"> &
  Omit<ComponentProps<typeof ConflictAbove>, "className" | "anchor"> & { conflictClassName: string; busy: boolean; who?: ReactNode; submit?: string }) {
  return (
    <>
      <ConflictAbove className={conflictClassName} conflict={conflict} fields={fields} anchor={studio.form.id} what={what} />
      <StudioForm {...studio}>
        {children}
        <BusyButton busy={busy} busyText="Saving…" className="button button-primary w-full sm:w-auto" who={who}>
          {submit}
        </BusyButton>
      </StudioForm>
    </>
  );
}

/** Removes an item by its slug (the page's `remove` intent); the history can bring it back. */
export function RemoveButton({ slug, name }: { slug: string; name: string }) {
  return (
    <HiddenForm fields={{ slug }} className="mt-4">
      <button type="submit" name="intent" value="remove" className="button button-outline">
        Remove<span className="sr-only"> “{name}”</span>
      </button>
    </HiddenForm>
  );
}

/** The form that adds an item, below a studio list, under its own heading ("Add an offer"). */
export function AddSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HeadedSection id={id} className="mt-10 rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" title={title}>
      {children}
    </HeadedSection>
  );
}

/** When a scheduled item goes on the website (decision 0059): a day and a time, UK time; empty, at once. `hint` says where. */
export function PublishAtField(props: Omit<ComponentProps<typeof Field>, "label" | "type">) {
  return <Field {...props} label="Publish at (optional)" type="datetime-local" />;
}
