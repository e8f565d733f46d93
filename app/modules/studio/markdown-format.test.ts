import { describe, expect, test } from "vitest";
import { formatMarkdown, insertText, type MarkdownFormat, type TextEdit } from "./markdown-format";

/** "a «b» c": the words with the selection between « and »; "a | c": the caret at |. */
function at(marked: string): TextEdit {
  const caret = marked.indexOf("|");
  if (caret !== -1) return { value: marked.replace("|", ""), start: caret, end: caret };
  const start = marked.indexOf("«");
  const end = marked.indexOf("»") - 1;
  return { value: marked.replace("«", "").replace("»", ""), start, end };
}
const shown = ({ value, start, end }: TextEdit) => (start === end ? `${value.slice(0, start)}|${value.slice(start)}` : `${value.slice(0, start)}«${value.slice(start, end)}»${value.slice(end)}`);

describe("formatMarkdown", () => {
  test.each<[MarkdownFormat, string, string]>([
    ["bold", "open «until eight».", "open **«until eight»**."],
    ["bold", "open «until eight »today", "open **«until eight»** today"],
    ["bold", "open un|til eight", "open **«until»** eight"],
    ["bold", "open | now", "open **|** now"],
    ["bold", "open **«until eight»**.", "open «until eight»."],
    ["heading", "First\nColour |bar\nLast", "First\n«## Colour bar»\nLast"],
    ["heading", "First\n«## Colour bar»\nLast", "First\n«Colour bar»\nLast"],
    ["heading", "### Old| size", "«## Old size»"],
    ["list", "«Cut\nColour»\nAfter", "«- Cut\n- Colour»\nAfter"],
    ["list", "«- Cut\n- Colour»", "«Cut\nColour»"],
    ["list", "«Cut\n\nColour»", "«- Cut\n\n- Colour»"],
    ["link", "Book «online» now", "Book [online](«https://») now"],
    ["link", "Book | now", "Book [words](«https://») now"],
    ["link", "See «https://example.com/a»", "See [|](https://example.com/a)"],
  ])("%s on %j gives %j", (format, before, after) => {
    expect(shown(formatMarkdown(format, at(before)))).toBe(after);
  });
});

test.each([
  ["Hi |,", "[first name]", "Hi [first name]|,"],
  ["Hi «there»,", "[first name]", "Hi [first name]|,"],
])("insertText into %j", (before, text, after) => {
  expect(shown(insertText(at(before), text))).toBe(after);
});
