/**
 * Where each public form lives: its JSON endpoint (the API contract's paths)
 * and its own page. Kept apart from the schemas so that a page which only
 * needs to know these addresses (the root's revalidation rule, on every page)
 * does not load zod into the browser.
 */

/** Each form's JSON endpoint (the API contract's paths). */
export const formApiPaths = {
  joinus: "/api/joinus",
  models: "/api/models",
  contact: "/api/sendMessage",
  "open-evening": "/api/open-evening",
  feedback: "/api/feedback",
} as const;
export type PublicFormName = keyof typeof formApiPaths;

/** Each form's own page, whose action takes the form's posts wherever the form is shown. */
export const formPagePaths: Record<PublicFormName, string> = {
  joinus: "/joinus",
  models: "/models",
  contact: "/contact",
  "open-evening": "/open-evening",
  feedback: "/feedback",
};
