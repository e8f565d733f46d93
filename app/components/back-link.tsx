import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/** React Router numbers the entries it makes in this tab's history: above 0, there is a page of this site behind. */
function cameFromThisSite(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  if (typeof state?.idx === "number" && state.idx > 0) return true;
  // A full page load from another page of this site (a reload, or a link followed before JavaScript ran).
  return window.history.length > 1 && document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
}

/**
 * "Back": to the page the visitor came from when that is a page of this site,
 * otherwise (a visitor who arrived from elsewhere, or without JavaScript) to
 * `fallback`.
 */
export function BackLink({ fallback = "/", label = "Back" }: { fallback?: string; label?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window keeps its own history: let the link do that.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!cameFromThisSite()) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <a href={fallback} onClick={onClick} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brass-dark underline">
      <span aria-hidden="true">←</span> {label}
    </a>
  );
}
