/**
 * What a staff address shows when the guard (app/web/staff-route.server.ts)
 * refuses: the PIN form in place of the page (posting to the page itself, so
 * signing in lands there), or why a request was refused. Rendered by the
 * root error boundary, with or without JavaScript.
 */
import { href, useMatches } from "react-router";
import { ButtonLink, PageHeader } from "~/components/page";
import type { StaffRefusal } from "~/modules/staff/refusals";
import { StaffSignIn } from "./pin-form";

/** A staff route's `handle`: the name its PIN form and refusals show. */
export interface StaffHandle {
  staffTitle: string;
}

function useStaffTitle(): string {
  const titles = useMatches().map((match) => (match.handle as Partial<StaffHandle> | undefined)?.staffTitle);
  return titles.findLast((title) => typeof title === "string") ?? "Staff area";
}

const headings = {
  forbidden: "Managers only",
  "cross-origin": "Refused",
  busy: "Please wait a moment",
  "bad-form": "That wasn't understood",
} as const;

export function StaffRefusalPage({ refusal }: { refusal: StaffRefusal }) {
  const title = useStaffTitle();
  const head = (
    <>
      <title>{`${title} | Staff | Base Hair Academy`}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
  if (refusal.refusal === "sign-in") {
    return (
      <>
        {head}
        <StaffSignIn title={title} lastResult={refusal.result} noAccounts={refusal.noAccounts} rememberedName={refusal.rememberedName} />
      </>
    );
  }
  return (
    <>
      {head}
      <PageHeader kicker="Staff" heading={headings[refusal.refusal]}>
        <p>{refusal.message}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ButtonLink to={href("/staff")}>Staff home</ButtonLink>
      </div>
    </>
  );
}
