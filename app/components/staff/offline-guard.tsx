/**
 * A staff phone that has lost its signal (decision 0071). A form sent then
 * fails on its way, and the app's error page would take the page, and what
 * was typed on it, with it. So while the browser knows it is offline, sending
 * a form is stopped before the app sees it: the page stays as it is, and a
 * line at the foot of the screen says why. It goes once the signal is back.
 * (A request that fails while the browser thinks it is online still reaches
 * the error page, which says what happened: root.tsx.)
 */
import { useEffect, useState } from "react";

export function OfflineGuard() {
  /** "offline": no connection; "stopped": and a form was not sent for it. */
  const [state, setState] = useState<"online" | "offline" | "stopped">("online");
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine) return;
      // Window, capturing: before the app's own handler (React's, on its root) and before the browser sends it.
      event.preventDefault();
      event.stopImmediatePropagation();
      setState("stopped");
    };
    const onOffline = () => setState("offline");
    const onOnline = () => setState("online");
    if (!navigator.onLine) onOffline();
    window.addEventListener("submit", onSubmit, true);
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, []);
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-40 print:hidden">
      {state === "online" ? null : (
        <p className="bg-ink px-4 py-3 text-center text-chalk">
          {state === "stopped"
            ? "Not sent: this phone has no connection. What you typed is still here: send it again once you have signal."
            : "No connection: nothing can be sent until this phone has signal again. What you type stays on the page."}
        </p>
      )}
    </div>
  );
}
