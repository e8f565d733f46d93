/**
 * The post editor's formatting buttons (bold, heading, list, link): each is
 * an edit of the Markdown the post is stored in, around what is selected, and
 * says what to select afterwards so typing carries on where it should. Pure
 * and client-safe: the buttons in the browser call these and nothing else.
 */

/** A text box's words and what is selected in them (start = end: the caret). */
export interface TextEdit {
  value: string;
  start: number;
  end: number;
}

export type MarkdownFormat = "bold" | "heading" | "list" | "link";

/** What each button is called, and read out as. */
export const formatLabels: Record<MarkdownFormat, string> = {
  bold: "Bold",
  heading: "Heading",
  list: "List",
  link: "Link",
};

/** The whole lines the selection touches: [start of the first, end of the last]. */
function lineSpan({ value, start, end }: TextEdit): [number, number] {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  const next = value.indexOf("\n", end > start && value[end - 1] === "\n" ? end - 1 : end);
  return [from, next === -1 ? value.length : next];
}

const splice = (value: string, from: number, to: number, text: string) => value.slice(0, from) + text + value.slice(to);

/** **words** around the selection, or taken off again when it is bold already; with nothing selected, the word at the caret. */
function bold(edit: TextEdit): TextEdit {
  let { start, end } = edit;
  const { value } = edit;
  if (start === end) {
    while (start > 0 && /[\p{L}\p{N}'’-]/u.test(value[start - 1]!)) start--;
    while (end < value.length && /[\p{L}\p{N}'’-]/u.test(value[end]!)) end++;
  }
  // Spaces selected with a word stay outside the stars, or Markdown would not see them.
  while (start < end && /\s/.test(value[start]!)) start++;
  while (end > start && /\s/.test(value[end - 1]!)) end--;
  if (value.slice(start - 2, start) === "**" && value.slice(end, end + 2) === "**") {
    return { value: value.slice(0, start - 2) + value.slice(start, end) + value.slice(end + 2), start: start - 2, end: end - 2 };
  }
  if (start === end) return { value: splice(value, start, end, "****"), start: start + 2, end: start + 2 };
  return { value: splice(value, start, end, `**${value.slice(start, end)}**`), start: start + 2, end: end + 2 };
}

/** Each touched line starts with `prefix` (in place of any `pattern` it had), or, when every one already does, none does. */
function prefixLines(edit: TextEdit, prefix: string, pattern: RegExp): TextEdit {
  const [from, to] = lineSpan(edit);
  const lines = edit.value.slice(from, to).split("\n");
  const all = lines.every((line) => line.startsWith(prefix) || line.trim() === "");
  const changed = lines.map((line) => (all ? line.replace(pattern, "") : line.trim() === "" && lines.length > 1 ? line : prefix + line.replace(pattern, ""))).join("\n");
  const value = splice(edit.value, from, to, changed);
  return { value, start: from, end: from + changed.length };
}

/** [words](https://) with the address selected to type over; a selected address becomes the link's address. */
function link(edit: TextEdit): TextEdit {
  const { value, start, end } = edit;
  const chosen = value.slice(start, end).trim();
  if (/^https?:\/\/\S+$/.test(chosen)) {
    const text = `[](${chosen})`;
    return { value: splice(value, start, end, text), start: start + 1, end: start + 1 };
  }
  const words = chosen || "words";
  const text = `[${words}](https://)`;
  const address = start + words.length + 3;
  return { value: splice(value, start, end, text), start: address, end: address + "https://".length };
}

export function formatMarkdown(format: MarkdownFormat, edit: TextEdit): TextEdit {
  switch (format) {
    case "bold":
      return bold(edit);
    case "heading":
      return prefixLines(edit, "## ", /^#{1,6}\s+/);
    case "list":
      return prefixLines(edit, "- ", /^[-*+]\s+/);
    case "link":
      return link(edit);
  }
}

/** `text` typed over the selection, the caret after it. */
export function insertText(edit: TextEdit, text: string): TextEdit {
  const value = splice(edit.value, edit.start, edit.end, text);
  return { value, start: edit.start + text.length, end: edit.start + text.length };
}
