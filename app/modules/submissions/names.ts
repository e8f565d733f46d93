/**
 * The public's submission kinds by name, and where each one's form lives.
 * A kind's name is its one name everywhere: its form (the rate limit's key,
 * the page's form id), its staff inbox (/staff/{name}, and the staff API's
 * inbox kind), its audit subject and its outbox messages' `related_type`.
 * Only the contract's own paths differ (POST /api/sendMessage, pages the spec
 * names), and they are written here, next to the name.
 *
 * Kept apart from the descriptors (./kinds.ts) so that a page which only needs
 * these addresses (the root's revalidation rule, on every page) does not load
 * zod into the browser.
 */
export const submissionNames = ["joinus", "models", "messages", "open-evening", "feedback"] as const;
export type SubmissionName = (typeof submissionNames)[number];

/** Each form's JSON endpoint (the API contract's paths: other programs post to them). */
export const formApiPaths = {
  joinus: "/api/joinus",
  models: "/api/models",
  messages: "/api/sendMessage",
  "open-evening": "/api/open-evening",
  feedback: "/api/feedback",
} as const satisfies Record<SubmissionName, string>;

/** Each form's own page, whose action takes the form's posts wherever the form is shown. */
export const formPagePaths = {
  joinus: "/joinus",
  models: "/models",
  messages: "/contact",
  "open-evening": "/open-evening",
  feedback: "/feedback",
} as const satisfies Record<SubmissionName, string>;

/** The saved quote is not a form of this kind, but its records and messages go by this name too. */
export const QUOTE = "quote";

/** The hidden field people never see and scripts fill in. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was shown (see app/.server/form-token.server.ts). */
export const TOKEN_FIELD = "form_token";
