/**
 * One address for each staff page (each route module under the staff layout),
 * a manager's view, with something in every list: the staff widths browser
 * test and scripts/screenshots.ts (--only=staff) visit these.
 */
import { inboxKinds } from "~/modules/inbox/inbox-kinds";
import { submitPublicForm } from "./desk";
import { applicantBody } from "./staff-client";

/** Fills the lists through the public API, as visitors do: an applicant (and the address its thanks goes to), and one of each inbox's forms. */
export async function seedStaffPages(baseUrl: string): Promise<{ applicant: number; email: string; record: { kind: string; id: number } }> {
  const body = applicantBody(`Rosa Widths${Date.now().toString(36)}`);
  const response = await fetch(`${baseUrl}/api/joinus`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`/api/joinus answered ${response.status}: ${await response.text()}`);
  const { id: applicant } = (await response.json()) as { id: number };
  let record = { kind: "", id: 0 };
  for (const kind of inboxKinds) {
    const { id } = await submitPublicForm(baseUrl, kind, `Nell Widths ${kind}`);
    if (!record.kind) record = { kind, id };
  }
  return { applicant, email: body.email, record };
}

/** Name (used in file names and test titles) → address of every staff page. */
export function staffPageTemplates({ applicant, record }: Awaited<ReturnType<typeof seedStaffPages>>): Record<string, string> {
  return {
    "staff-applicants": "/applicants",
    "staff-applicant": `/applicant/${applicant}`,
    "staff-applicant-erase": `/applicant/${applicant}/erase`,
    "staff-desk": "/staff",
    ...Object.fromEntries(inboxKinds.map((kind) => [`staff-inbox-${kind}`, `/staff/${kind}`])),
    "staff-inbox-erase": `/staff/${record.kind}/${record.id}/erase`,
    "staff-outbox": "/staff/outbox",
    "staff-access": "/staff/access",
    "staff-account": "/staff/account",
    "staff-site": "/staff/site",
    "staff-email-templates": "/staff/email-templates",
    "staff-visits": "/staff/visits",
    "staff-marketing": "/staff/marketing",
    "staff-photos": "/staff/studio/photos",
    ...Object.fromEntries(["prices", "team", "posts", "offers", "history", "salons", "words", "reviews"].map((part) => [`staff-studio-${part}`, `/staff/studio/${part}`])),
  };
}
