/**
 * A long part of a staff page folded shut on a phone, so what a person came to
 * do is in reach, and open from 1024 px wide, where there is room beside it
 * (decision 0071). It opens once the page has loaded on a wide screen; without
 * JavaScript it stays shut and opens with a tap, like any <details>.
 */
import { useEffect, useRef, type ReactNode } from "react";

const WIDE = "(min-width: 1024px)";

/** `open`: shown open whatever the width (a form with an answer or a preview in it). */
export function Fold({ summary, children, className, open }: { summary: ReactNode; children: ReactNode; className?: string; open?: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.matchMedia(WIDE).matches) details.current.open = true;
  }, []);
  return (
    <details ref={details} open={open || undefined} className={`group ${className ?? ""}`}>
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
