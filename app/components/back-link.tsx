import { useNavigate } from "react-router";

/**
 * "Back": to the previous page when there is one in this tab, otherwise (or
 * without JavaScript) to `fallback`.
 */
export function BackLink({ fallback = "/", label = "Back" }: { fallback?: string; label?: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={fallback}
      onClick={(event) => {
        if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-brass-dark underline"
    >
      <span aria-hidden="true">←</span> {label}
    </a>
  );
}
