/**
 * What a studio page's form answers once its change is stored or refused,
 * as the team and price-list pages answer: the summary and where to undo it,
 * or the refusal beside its field (or above the form), with the status.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ChangeOutcome } from "~/modules/studio/studio.server";

export type Reply = SubmissionResult<string[]>;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean };

export function studioReply<T>(outcome: ChangeOutcome<T>, reply: (options?: ReplyOptions) => Reply): { result: Reply; done: string | undefined; status: number } {
  if (outcome.kind === "done") return { result: reply({ resetForm: true }), done: `Saved: ${outcome.entry.summary}. It shows on the website now; the history can undo it.`, status: 200 };
  if (outcome.kind === "unchanged") return { result: reply(), done: "Nothing was different, so nothing changed.", status: 200 };
  const fieldErrors = outcome.kind === "invalid" && outcome.fields ? Object.fromEntries(Object.entries(outcome.fields).map(([k, v]) => [k, [v]])) : undefined;
  return { result: reply(fieldErrors ? { fieldErrors } : { formErrors: [outcome.message] }), done: undefined, status: outcome.kind === "not-found" ? 404 : 400 };
}
