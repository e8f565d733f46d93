/**
 * What a studio page's form answers once its change is stored or refused:
 * the summary and where to undo it, or the refusal beside its field (or
 * above the form), with the status; or, when the record changed since the
 * form was opened (decision record 0069), 409 with what was typed, for the
 * page's conflict panel to show beside theirs and send again on "Keep mine".
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { ChangeOutcome } from "~/modules/studio/studio.server";
import { toConformErrors } from "./form-echo";

export type Reply = SubmissionResult<string[]>;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean };

/** A box's value as a form holds it: its text, or the ticked values of boxes sharing a name. */
export type BoxValue = string | string[] | undefined;

/**
 * A save refused as stale: why, in words; every box the form sent (its text, as typed), to show and to send
 * again; and theirs, read under the same lock as the refusal: the record's boxes as its form shows them, and
 * its version, which Keep mine sends. The panel needs nothing else: not the page's data read again after it.
 */
export interface StudioConflict {
  message: string;
  yours: [string, string][];
  theirs: Record<string, BoxValue>;
  version: string;
}

/** What a form sent, as typed: every text box, the button pressed among them (a form sends no files here). */
export function typedIn(form: FormData): [string, string][] {
  return [...form.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : []));
}

export const SAVED = (summary: string) => `Saved: ${summary}. It shows on the website now; the history can undo it.`;

/** What a form's submission (Conform's, parsed or refused) answers with: its reply, given the errors or reset to show. */
type Replies = { reply: Submission<unknown>["reply"] };

/**
 * The action's answer to one studio form: which form it was (`which`: its intent and the record's key, as
 * `answerFor` picks it out again), and what the change's outcome says (`done`: the summary's words), at its status.
 */
export function studioAnswer<Which extends object, T>(which: Which, submission: Replies, outcome: ChangeOutcome<T>, { form, done = SAVED }: { form?: FormData; done?: (summary: string) => string } = {}) {
  const answer = (options: ReplyOptions | undefined, said: string | undefined, status = 200, conflict?: StudioConflict) =>
    data({ ...which, result: submission.reply(options) as Reply, done: said, ...(conflict && { conflict }) }, { status });
  if (outcome.kind === "done") return answer({ resetForm: true }, done(outcome.entry.summary));
  if (outcome.kind === "unchanged") return answer(undefined, "Nothing was different, so nothing changed.");
  if (outcome.kind === "conflict") {
    // The form shows theirs (the page's data is read again); what was typed is in the conflict panel.
    const said = `Not saved: ${outcome.what} was changed${outcome.by ? ` by ${outcome.by.staff}` : ""} since you opened it. Theirs and yours are side by side below: keep one.`;
    return answer({ resetForm: true }, said, 409, { message: outcome.message, yours: form ? typedIn(form) : [], theirs: (outcome.theirs ?? {}) as Record<string, BoxValue>, version: outcome.version });
  }
  const fieldErrors = outcome.kind === "invalid" && outcome.fields ? toConformErrors(outcome.fields) : undefined;
  return answer(fieldErrors ? { fieldErrors } : { formErrors: [outcome.message] }, undefined, outcome.kind === "not-found" ? 404 : 400);
}

/** The action's answer to one studio form its schema refused: which form it was, and the errors beside its boxes, 400. */
export function schemaRefusal<Which extends object>(which: Which, submission: Replies) {
  return data({ ...which, result: submission.reply() as Reply, done: undefined }, { status: 400 });
}

/**
 * The action's last answer, if it was to the form `which` names (every field of it as the answer has it: its
 * intent, the record's key): Conform's `lastResult` for that form, and the conflict when its save met a newer
 * change. Both undefined for every other form of the page.
 */
export function answerFor<Answer extends object>(actionData: Answer | undefined, which: Partial<Answer>): { lastResult: Reply | undefined; conflict: StudioConflict | undefined } {
  const answer = actionData as { result?: Reply; conflict?: StudioConflict } | undefined;
  const mine = answer !== undefined && Object.entries(which).every(([name, value]) => (answer as Record<string, unknown>)[name] === value);
  return mine ? { lastResult: answer.result, conflict: answer.conflict } : { lastResult: undefined, conflict: undefined };
}

/** Whether a form's last save was refused or met a newer change: its folded row then opens by itself, to show why. */
export function refusedOrStale({ lastResult, conflict }: { lastResult: Reply | undefined; conflict?: StudioConflict | undefined }): boolean {
  return lastResult?.status === "error" || Boolean(conflict);
}

/**
 * A studio page's data is read again after a save refused as stale (409), as
 * after one that went through: the form and the conflict panel show theirs.
 * React Router reads nothing again after a 4xx answer unless told to.
 */
export function studioShouldRevalidate({ actionResult, defaultShouldRevalidate }: Pick<ShouldRevalidateFunctionArgs, "actionResult" | "defaultShouldRevalidate">): boolean {
  const conflict = actionResult && typeof actionResult === "object" && "conflict" in actionResult && (actionResult as { conflict?: unknown }).conflict;
  return conflict ? true : defaultShouldRevalidate;
}
