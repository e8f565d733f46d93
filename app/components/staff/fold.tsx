/**
 * A long part of a staff page folded shut on a phone, so what a person came to
 * do is in reach, and open from 1024 px wide, where there is room beside it
 * (decision 0071). On the page the app starts on, a line of script at the end
 * of the staff frame opens them as the page is read, before it is drawn: opened
 * when the app started, they pushed what was under them down by up to 900 px
 * (the staff desk's links, an applicant's Archive) as a person reached for it.
 * After a move inside the app, the Fold opens itself. Without JavaScript it
 * stays shut and opens with a tap, like any <details>.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useNonce } from "~/components/nonce";

const WIDE = "(min-width: 1024px)";

/** `open`: shown open whatever the width (a form with an answer or a preview in it). */
export function Fold({ summary, children, className, open }: { summary: ReactNode; children: ReactNode; className?: string; open?: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.matchMedia(WIDE).matches) details.current.open = true;
  }, []);
  return (
    <details ref={details} open={open || undefined} data-fold="" className={`group ${className ?? ""}`}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden">
        {summary}
        <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-brass-dark underline">
          <span className="group-open:hidden">Show</span>
          <span className="hidden group-open:inline">Hide</span>
        </span>
      </summary>
      {children}
    </details>
  );
}

/**
 * Opens every Fold above it on a wide screen as the page is read (React runs no script it draws, so this acts
 * only on the page the app starts on; the app leaves an `open` it finds alone).
 */
export function OpenFoldsFirst() {
  const nonce = useNonce();
  const script = `if(matchMedia(${JSON.stringify(WIDE)}).matches)document.querySelectorAll("details[data-fold]").forEach(function(d){d.open=true})`;
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: script }} />;
}
