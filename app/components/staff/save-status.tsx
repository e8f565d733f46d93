/**
 * The one line that says what a save did, on every studio page (and the
 * history and photos): a status region (role="status", polite) that sticks to
 * the top of the screen while the page scrolls, so "Saved: …" or "Not saved:
 * …" is read out and seen wherever the Save button was, on a phone too. With
 * JavaScript it can be put away, and a part of the page may say something
 * new in it (the conflict panel's "Keep theirs", which saves nothing).
 */
import { createContext, useContext, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/client-state";

type StatusTone = "done" | "warning";

/** Lets a part of the page say something in the page's status line (what it says lasts until the next save). */
const SayStatus = createContext<(text: string, tone?: StatusTone) => void>(() => {});
export const useSayStatus = () => useContext(SayStatus);

/**
 * The status line and the page under it. `message` is what the last save
 * said (the action's answer); a new one replaces what was said in between.
 */
export function SaveStatus({ message, tone = "done", children }: { message: string | undefined; tone?: StatusTone; children?: ReactNode }) {
  const hydrated = useHydrated();
  // What a part of the page said since `message` came, and whether the line was put away; both end with the next message.
  const [said, setSaid] = useState<{ after: string | undefined; text: string; tone: StatusTone } | null>(null);
  const [hiddenFor, setHiddenFor] = useState<{ text: string | undefined } | null>(null);
  const current = said && said.after === message ? said : null;
  const text = current ? current.text : message;
  const shownTone = current ? current.tone : tone;
  const shown = Boolean(text) && !(hiddenFor !== null && hiddenFor.text === text);
  return (
    <SayStatus.Provider value={(words, wordsTone = "done") => setSaid({ after: message, text: words, tone: wordsTone })}>
      {/* Always in the page, so what comes into it is read out; empty, it takes no room. */}
      <div className={`sticky top-0 z-30 ${shown ? "mb-6 pt-1" : ""}`}>
        <div className={shown ? `notice ${shownTone === "warning" ? "notice-warning" : ""} flex items-start gap-3 py-3 shadow-md` : ""}>
          <p role="status" aria-live="polite" className="min-w-0 flex-1 break-words">
            {shown ? text : null}
          </p>
          {shown && hydrated ? (
            <button type="button" className="-my-2 min-h-11 min-w-11 shrink-0 rounded-lg px-2 text-sm font-semibold underline" onClick={() => setHiddenFor({ text })}>
              Hide<span className="sr-only"> this message</span>
            </button>
          ) : null}
        </div>
      </div>
      {children}
    </SayStatus.Provider>
  );
}
