import type { ReactNode } from "react";
import { PageHeader } from "./page";

/**
 * A page made of a header (kicker, the one h1, a lead) and its content lined
 * up beneath. With `side`, a wide screen shows a second column beside the
 * content (a form, a picture, key facts); a phone shows it after.
 */
export function PageShell({
  title,
  lead,
  eyebrow,
  wide = false,
  side,
  sideWidth = "narrow",
  sideFirst = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
  /** Use the full width for the content itself, not a reading column. */
  wide?: boolean;
  side?: ReactNode;
  /** The second column: a narrow one (pictures, key facts) or half the width (a form). */
  sideWidth?: "narrow" | "half";
  /** The second column first, above the content on a phone: a form's thanks, which comes to the top. */
  sideFirst?: boolean;
  children: ReactNode;
}) {
  const columns = sideWidth === "half" ? "lg:grid-cols-2" : "lg:grid-cols-[minmax(0,1fr)_20rem]";
  return (
    <>
      <PageHeader kicker={eyebrow} heading={title}>
        {lead}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {side ? (
          <div className={`grid gap-12 ${columns}`}>
            {sideFirst ? <div className="min-w-0">{side}</div> : null}
            <div className="min-w-0">{children}</div>
            {sideFirst ? null : <div className="min-w-0">{side}</div>}
          </div>
        ) : (
          <div className={wide ? "" : "max-w-3xl"}>{children}</div>
        )}
      </div>
    </>
  );
}
