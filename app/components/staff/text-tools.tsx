/**
 * Tools over a form's text boxes, in a manager's words: buttons that put a
 * placeholder in as plain words ([first name]), and the formatting buttons
 * over a post's Markdown (bold, heading, list, link). Each changes the box as
 * typing would (the form and its checks see an ordinary input), keeps the
 * focus in the box and is a real button, so a keyboard reaches it.
 */
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { inBrackets, type PlaceholderWord } from "~/modules/site/placeholder-words";
import { formatLabels, formatMarkdown, insertText, type MarkdownFormat, type TextEdit } from "~/modules/studio/markdown-format";

type TextBox = HTMLInputElement | HTMLTextAreaElement;

/** Puts an edit into the box as if typed: the value through the element's own setter, then an input event for React and Conform. */
function applyEdit(box: TextBox, change: (edit: TextEdit) => TextEdit) {
  const before = { value: box.value, start: box.selectionStart ?? box.value.length, end: box.selectionEnd ?? box.value.length };
  const after = change(before);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box) as object, "value")?.set;
  setter?.call(box, after.value);
  box.dispatchEvent(new Event("input", { bubbles: true }));
  box.focus();
  box.setSelectionRange(after.start, after.end);
}

const toolButton = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border-2 border-ink/20 bg-white px-3 text-sm font-semibold hover:border-brass focus-visible:border-brass";

/**
 * The placeholders a form's boxes may use, as buttons: each puts "[first name]"
 * where the caret was in the box last used (the first of `targets` until then).
 */
export function PlaceholderButtons({ words, targets, children }: { words: readonly PlaceholderWord[]; targets: readonly string[]; children: ReactNode }) {
  const last = useRef(targets[0]);
  if (words.length === 0) return <>{children}</>;
  return (
    <div
      onFocus={(event) => {
        if (targets.includes(event.target.id)) last.current = event.target.id;
      }}
      className="space-y-4"
    >
      {children}
      <div role="group" aria-label="Put in a placeholder" className="flex flex-wrap items-center gap-2">
        <span className="text-sm">Filled in for each email or page:</span>
        {words.map((w) => (
          <button
            key={w.token}
            type="button"
            className={toolButton}
            onClick={() => {
              const box = last.current ? (document.getElementById(last.current) as TextBox | null) : null;
              if (box) applyEdit(box, (edit) => insertText(edit, inBrackets(w.word)));
            }}
          >
            <span className="sr-only">Put in </span>
            {w.word}
          </button>
        ))}
      </div>
    </div>
  );
}

const formats = Object.keys(formatLabels) as MarkdownFormat[];
const shortcuts: Partial<Record<string, MarkdownFormat>> = { b: "bold", k: "link" };

/** The formatting buttons over a Markdown box (`target`'s id); Ctrl or ⌘ with B or K in the box does the same. */
export function MarkdownToolbar({ target }: { target: string }) {
  const format = (which: MarkdownFormat) => {
    const box = document.getElementById(target) as TextBox | null;
    if (box) applyEdit(box, (edit) => formatMarkdown(which, edit));
  };
  return (
    <div role="toolbar" aria-label="Formatting" aria-controls={target} className="flex flex-wrap gap-2">
      {formats.map((which) => (
        <button key={which} type="button" className={toolButton} onClick={() => format(which)} aria-keyshortcuts={which === "bold" ? "Control+B" : which === "link" ? "Control+K" : undefined}>
          {which === "bold" ? <strong>{formatLabels[which]}</strong> : formatLabels[which]}
        </button>
      ))}
    </div>
  );
}

/** The keys of the Markdown box itself: Ctrl/⌘+B bold, Ctrl/⌘+K link. */
export function markdownKeys(event: KeyboardEvent<HTMLTextAreaElement>) {
  const which = event.ctrlKey || event.metaKey ? shortcuts[event.key.toLowerCase()] : undefined;
  if (!which) return;
  event.preventDefault();
  applyEdit(event.currentTarget, (edit) => formatMarkdown(which, edit));
}
