/**
 * A staff phone that has lost its signal (decision 0071). A form sent then
 * fails on its way, and the app's error page takes the page, and what was
 * typed on it, with it. So:
 * - while the browser knows it is offline, sending a form is stopped before
 *   the app sees it: the page stays as it is, and a line at the foot of the
 *   screen says why; it goes once the signal is back;
 * - on a weak signal the browser thinks it is online and the request is lost
 *   on its way: the error page says so (root.tsx) and leads back to the page,
 *   where what the form held is put back.
 */
import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { editableFields } from "~/components/forms/unsaved-changes";

/** The typed fields of a form, by name, as they were sent from a page. */
interface Sent {
  page: string;
  form: string;
  fields: Map<string, string[]>;
}
/** The form sent last; and the one whose request was lost, to put back when its page opens again. */
let lastSent: Sent | null = null;
let lostForm: Sent | null = null;

const here = () => location.pathname + location.search;
/** The form's fields the unsaved-changes guard counts as edits, but for files and PINs, which are never kept. */
const typedFields = (form: HTMLFormElement) => editableFields(form).filter((field) => !(field instanceof HTMLInputElement && (field.type === "file" || field.type === "password")));

function remember(form: HTMLFormElement): void {
  const fields = new Map<string, string[]>();
  for (const field of typedFields(form)) {
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox") && !field.checked) continue;
    fields.set(field.name, [...(fields.get(field.name) ?? []), field.value]);
  }
  lastSent = form.id ? { page: here(), form: form.id, fields } : null;
}

/** Puts a lost form's fields back, as typing would (the form's checks and the unsaved-changes guard see it). */
function putBack({ form: id, fields }: Sent): boolean {
  const form = document.getElementById(id);
  if (!(form instanceof HTMLFormElement)) return false;
  const seen = new Map<string, number>();
  for (const field of typedFields(form)) {
    const values = fields.get(field.name) ?? [];
    if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
      field.checked = values.includes(field.value);
      field.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    const n = seen.get(field.name) ?? 0;
    seen.set(field.name, n + 1);
    // React keeps its own copy of a field's value: set through the element's own setter, then an input event.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
    setter?.call(field, values[n] ?? "");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  // The page opens at its top: the form is brought into view, the words in it to check.
  form.scrollIntoView({ block: "center" });
  return true;
}

/** A fetch that failed on the network, as Chromium, Firefox and Safari word it. */
export function isLostConnection(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/** The error page's part: the request of the form sent last was lost on the network. */
export function keepLostForm(): void {
  lostForm = lastSent;
}

const LINES = {
  offline: "No connection: nothing can be sent until this phone has signal again. What you type stays on the page.",
  stopped: "Not sent: this phone has no connection. What you typed is still here: send it again once you have signal.",
  back: "What you typed before the connection dropped is back in its form: check it, then send it again.",
};

export function OfflineGuard() {
  /** "offline": no connection; "stopped": and a form was not sent for it; "back": a lost form was put back. */
  const [state, setState] = useState<"online" | keyof typeof LINES>("online");
  // A form's answer came back (the error page would have taken this guard away): it is not to be put back later.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const settled = navigation.state === "idle" && fetchers.every((f) => f.state === "idle");
  useEffect(() => {
    if (settled) lastSent = null;
  }, [settled]);
  useEffect(() => {
    // The page has drawn its forms (its effects ran before this one): a form whose request was lost goes back in.
    const lost = lostForm;
    lostForm = null;
    const onBack = () => setState("back");
    if (lost?.page === here() && putBack(lost)) onBack();
    const onSubmit = (event: SubmitEvent) => {
      if (navigator.onLine) {
        if (event.target instanceof HTMLFormElement) remember(event.target);
        return setState("online");
      }
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
    <>
      {/* Room at the page's foot, so that the line covers nothing at the end of it. */}
      {state === "online" ? null : <div aria-hidden="true" className="h-28" />}
      <div role="status" className="fixed inset-x-0 bottom-0 z-40 print:hidden">
        {state === "online" ? null : (
          <p className="bg-ink px-4 py-3 text-center text-chalk">{LINES[state]}</p>
        )}
      </div>
    </>
  );
}
