/**
 * The staff desk's test helpers: fill in each public form through its API, as
 * a visitor's browser does, and the inbox each one lands in.
 */
import type { InboxKind } from "~/modules/inbox/inbox-kinds";
import { submissionKinds } from "~/modules/submissions/kinds";

/** A valid answer to the public form behind each inbox; the kind's descriptor says where it is posted. */
export const inboxForms: Record<InboxKind, { body: (name: string, n: number) => Record<string, string> }> = {
  models: {
    body: (name, n) => ({ name, mobile: mobileFor(n), info: `Shoulder-length hair, free on Tuesdays (${name})` }),
  },
  messages: {
    body: (name, n) => ({ name, email: `${name.toLowerCase().replace(/[^a-z]+/g, ".").replace(/^\.+|\.+$/g, "")}.${n}@example.com`, message: `Do you do bridal trials? (${name})` }),
  },
  "open-evening": { body: (name, n) => ({ name, mobile: mobileFor(n) }) },
  feedback: { body: (name, n) => ({ name, mobile: mobileFor(n), feedback: `Lovely toner, but the wait was long (${name})` }) },
};

/** A valid answer to the job application at /joinus, as a visitor types it. */
export const joinusAnswers = {
  name: "Leah Marsh",
  mobile: "07700 900123",
  email: "leah@example.com",
  role: "Apprentice",
  position: "school",
  about: "I plait my sisters' hair every morning.",
  why_hair: "I like making people feel good.",
  why_us: "A friend trained with you.",
};

/** A different valid UK mobile for each n: "07700 9nnnnn" is set aside for drama and tests. */
export function mobileFor(n: number): string {
  return `07700 9${String(n % 100000).padStart(5, "0")}`;
}

let counter = Math.floor(Math.random() * 50000);

/** Fills in the form behind `kind` through the public API; returns the stored id and what was sent. */
export async function submitPublicForm(baseUrl: string, kind: InboxKind, name: string) {
  const body = inboxForms[kind].body(name, ++counter);
  const path = submissionKinds[kind].apiPath;
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { id, body };
}
