/** What a public form's page route exports besides its action: when to reload, which headers to answer with. */
import type { HeadersArgs, ShouldRevalidateFunctionArgs } from "react-router";
import { formPagePaths } from "~/modules/submissions/names";

/** The pages whose actions take the public's writes: the five forms, and saving a quote. */
const formPaths = new Set([...Object.values(formPagePaths), "/prices/finish"]);

/**
 * A public form's post changes nothing that a page shows (the form itself
 * shows the outcome), so no loader needs to run again for it; nor does a
 * failed post, when the connection is down, take the page with it.
 */
export function unlessPublicFormSent({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formAction && formPaths.has(new URL(formAction, "http://localhost").pathname)) return false;
  return defaultShouldRevalidate;
}

/** The action's headers (a refusal's Retry-After) reach the page's response, with or without JavaScript. */
export function actionHeaders({ actionHeaders }: HeadersArgs): Headers {
  return actionHeaders;
}
