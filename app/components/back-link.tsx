import { BACK_SCRIPT } from "~/utils/plain-scripts";

/**
 * "Back": to the page the visitor came from when that is a page of this site,
 * otherwise (a visitor who arrived from elsewhere, or without JavaScript) to
 * `fallback`. A few lines of inline script (plain-scripts.ts) go back in the
 * tab's history; the link is a plain link without them.
 */
export function BackLink({ fallback = "/", label = "Back" }: { fallback?: string; label?: string }) {
  return (
    <>
      <a href={fallback} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brass-dark underline">
        <span aria-hidden="true">←</span> {label}
      </a>
      <script dangerouslySetInnerHTML={{ __html: BACK_SCRIPT }} />
    </>
  );
}
