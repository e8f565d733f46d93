/** What a public form's page route exports besides its action: which headers to answer with. */
import type { HeadersArgs } from "react-router";

/** The action's headers (a refusal's Retry-After) reach the page's response. */
export function actionHeaders({ actionHeaders }: HeadersArgs): Headers {
  return actionHeaders;
}
