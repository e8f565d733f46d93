import type { ReactNode } from "react";
import { PageHeader } from "./page";

/** A page made of a header (kicker, the one h1, a lead) and a column of content lined up beneath it. */
export function PageShell({
  title,
  lead,
  eyebrow,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** Use the full width (two columns), not a reading column. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader kicker={eyebrow} heading={title}>
        {lead}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <div className={wide ? "" : "max-w-3xl"}>{children}</div>
      </div>
    </>
  );
}
