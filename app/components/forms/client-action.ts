/**
 * The browser's side of a form's route action. The server's answer (thanks,
 * errors, a refusal) passes straight through; when no answer comes at all
 * (the connection drops, or the server breaks before answering), the visitor
 * keeps every answer and reads what happened beside the form, instead of the
 * page giving way to an error screen.
 */
import { parse, type SubmissionResult } from "@conform-to/react";

/** What a visitor reads when a public form never reached us; the form adds how to reach us instead. */
export const NOT_SENT = "Sorry, that didn't send.";
/** The same for a quote. */
export const NOT_SAVED = "Sorry, we couldn't save your quote just now.";

export async function keepAnswersWhenUnanswered<T>(
  request: Request,
  serverAction: () => Promise<T>,
  message: string,
): Promise<T | SubmissionResult<string[]>> {
  const answers = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // A redirect is an answer: let the router follow it.
    if (error instanceof Response) throw error;
    console.error("The form was not answered", error);
    return parse(answers, { resolve: () => ({ error: { "": [message] } }) }).reply();
  }
}
