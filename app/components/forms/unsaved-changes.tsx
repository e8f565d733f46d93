/**
 * Leaving a staff page with unsaved changes asks first (decision 0071).
 *
 * A page calls `useUnsavedChangesGuard()` once. From then on every field in
 * the page's forms is compared with what it held when the page loaded (or
 * when its form was last saved): while one differs, a link inside the site
 * asks "Leave without saving?" (React Router's blocker, answered in the
 * dialog the staff layout draws), and a reload or closing the tab gets the
 * browser's own question (`beforeunload`).
 *
 * What counts as "loaded": what the server's markup held for a page the app
 * started on (text typed before the app started is an edit), a field's value
 * when the page first drew it otherwise, or when the page's data came back
 * after its own form was sent (a save that
 * worked reloads the data; one refused leaves it, so the edit stays unsaved).
 * A field shown later (a form that opens) counts from when it is first
 * focused. Hidden fields and buttons are not edits; a form or field marked
 * `data-unsaved-ignore` (a search box, a choice that only previews) is left
 * out. Sending a form is never blocked: it is how the edit is kept, except
 * "Sign out" (`useAskBeforeLeaving`), which leaves the page by its answer.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useBlocker, useLoaderData, useNavigation } from "react-router";

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Baseline = WeakMap<Element, string>;

const NOT_EDITS = new Set(["hidden", "submit", "button", "reset", "image"]);

/** The fields a person types into or chooses in, under `root`: not hidden ones or buttons, nor those switched off or set aside. */
export function editableFields(root: ParentNode): Editable[] {
  const fields = Array.from(root.querySelectorAll<Editable>("form input, form textarea, form select"));
  return fields.filter((field) => !(field instanceof HTMLInputElement && NOT_EDITS.has(field.type)) && !field.disabled && !field.closest("[data-unsaved-ignore]"));
}

/**
 * A field's value as one string: what is typed, ticked, chosen or picked (a file by its name); with `markup`,
 * what the page's markup said it held (for a field never seen before).
 */
function valueOf(field: Editable, markup = false): string {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return (markup ? field.defaultChecked : field.checked) ? "on" : "off";
  if (field instanceof HTMLInputElement && field.type === "file") return markup ? "" : Array.from(field.files ?? []).map((f) => f.name).join("\n");
  if (field instanceof HTMLSelectElement) {
    const chosen = Array.from(field.options).filter((o) => (markup ? o.defaultSelected : o.selected)).map((o) => o.value).join("\n");
    return markup ? chosen || (field.options[0]?.value ?? "") : chosen;
  }
  return markup ? field.defaultValue : field.value;
}

/**
 * Whether any field on the page now differs from what it held when loaded or last saved; or a save refused
 * because someone else saved first still waits for Keep mine or Keep theirs (its typed text is in the conflict
 * panel, not in a field: decision 0069). The fields of `saved`, a form whose save has been answered while the
 * page's data is still on its way back, are saved already.
 */
function hasUnsavedChanges(root: ParentNode, baseline: Baseline, saved: HTMLFormElement | null = null): boolean {
  if (root.querySelector("[data-conflict]")) return true;
  return editableFields(root).some((field) => (saved === null || field.form !== saved) && valueOf(field) !== (baseline.has(field) ? baseline.get(field) : valueOf(field, true)));
}

/** Set once the app has started (hydrated): the provider's effect runs after the first page's own. */
let appStarted = false;

/** The staff layout's dialog, opened by a blocked link; without the layout the browser's own confirm asks. */
interface LeaveQuestion {
  stay: () => void;
  leave: () => void;
}
const LeaveQuestionContext = createContext<((question: LeaveQuestion | null) => void) | null>(null);
/** The guarded page's own check, for what leaves the page without a link (Sign out). */
interface PageCheck {
  /** The guarded page gives its check; the returned function takes it back. */
  register: (check: () => boolean) => () => void;
  hasUnsaved: () => boolean;
}
const PageCheckContext = createContext<PageCheck | null>(null);

export function useUnsavedChangesGuard(): void {
  const baseline = useRef<Baseline>(new WeakMap());
  const submitted = useRef<HTMLFormElement | null>(null);
  const sending = useRef(false);
  const ask = useContext(LeaveQuestionContext);
  const pageCheck = useContext(PageCheckContext);
  // The page's data: a save that worked brings it back anew.
  const revision = useLoaderData();
  // A save answered (its message already shows) while the page's data is still on its way back: the form sent is
  // not an unsaved edit, and a link followed now leaves at once rather than asking and then being dropped.
  const navigation = useNavigation();
  const answered = navigation.state === "loading" && navigation.formMethod !== undefined;
  const unsaved = useCallback(() => hasUnsavedChanges(document, baseline.current, answered ? submitted.current : null), [answered]);

  // On load, and each time the data comes back: fields not yet known, and those of the form just sent, count from now;
  // on the page the app started on, from the server's markup.
  useEffect(() => {
    const sent = submitted.current;
    for (const field of editableFields(document)) {
      if (!baseline.current.has(field) || (sent && field.form === sent)) baseline.current.set(field, valueOf(field, !appStarted));
    }
  }, [revision]);
  // The sent form's answer is in: saved (the data came back, above) or refused (it stays an edit).
  useEffect(() => {
    if (navigation.state === "idle") submitted.current = null;
  }, [navigation.state]);

  useEffect(() => {
    const known = baseline.current;
    const onFocus = (event: FocusEvent) => {
      const field = event.target as Editable;
      if (!known.has(field) && editableFields(document).includes(field)) known.set(field, valueOf(field));
    };
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement) submitted.current = event.target;
      // A form sent the browser's way (a download) unloads nothing it should ask about.
      sending.current = true;
      setTimeout(() => (sending.current = false), 0);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (sending.current || !hasUnsavedChanges(document, known)) return;
      event.preventDefault();
      // Older browsers want a value set as well; every browser shows its own words.
      event.returnValue = "";
    };
    document.addEventListener("focusin", onFocus, true);
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("focusin", onFocus, true);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, []);

  useEffect(() => pageCheck?.register(unsaved), [pageCheck, unsaved]);

  // A form sent to this same page (a save) and its answer are never blocked; only going elsewhere is.
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && unsaved(),
      [unsaved],
    ),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (ask) {
      ask({ stay: () => blocker.reset(), leave: () => blocker.proceed() });
      return () => ask(null);
    }
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
    return undefined;
  }, [blocker, ask]);
}

const LEAVE_QUESTION = "You have changes on this page that aren't saved. Leave without saving them?";

/**
 * For a form that leaves the page though it posts to it (Sign out): call with what leaving does; with unsaved
 * changes on the page it asks first and does it only on "Leave without saving". True when it asked.
 */
export function useAskBeforeLeaving(): (leave: () => void) => boolean {
  const ask = useContext(LeaveQuestionContext);
  const pageCheck = useContext(PageCheckContext);
  return useCallback(
    (leave: () => void) => {
      if (!pageCheck?.hasUnsaved()) return false;
      if (ask) ask({ stay: () => undefined, leave });
      else if (window.confirm(LEAVE_QUESTION)) leave();
      return true;
    },
    [ask, pageCheck],
  );
}

/** Around the staff pages (routes/staff/layout.tsx): the question a blocked link asks, as a dialog. */
export function UnsavedChangesDialogProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<LeaveQuestion | null>(null);
  const checkRef = useRef<(() => boolean) | null>(null);
  const pageCheck = useMemo<PageCheck>(
    () => ({
      register: (check) => {
        checkRef.current = check;
        return () => {
          if (checkRef.current === check) checkRef.current = null;
        };
      },
      hasUnsaved: () => checkRef.current?.() ?? false,
    }),
    [],
  );
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => void (appStarted = true), []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (question && !element.open) element.showModal();
    if (!question && element.open) element.close();
  }, [question]);
  const answer = (leave: boolean) => {
    const asked = question;
    setQuestion(null);
    if (asked) (leave ? asked.leave : asked.stay)();
  };
  return (
    <LeaveQuestionContext.Provider value={setQuestion}>
      <PageCheckContext.Provider value={pageCheck}>{children}</PageCheckContext.Provider>
      <dialog
        ref={dialog}
        aria-labelledby="leave-heading"
        aria-describedby="leave-words"
        // Escape closes the dialog: that is staying.
        onCancel={(event) => {
          event.preventDefault();
          answer(false);
        }}
        className="m-auto max-w-md rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60"
      >
        <h2 id="leave-heading" className="text-2xl">
          Leave without saving?
        </h2>
        <p id="leave-words" className="mt-2">
          You have changed something on this page and not saved it. If you leave now, the change is lost.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <button type="button" className="button button-primary" autoFocus onClick={() => answer(false)}>
            Stay on this page
          </button>
          <button type="button" className="button button-outline" onClick={() => answer(true)}>
            Leave without saving
          </button>
        </div>
      </dialog>
    </LeaveQuestionContext.Provider>
  );
}
