/**
 * CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would
 * read as a formula gets a leading apostrophe, so a name like "=HYPERLINK(…)"
 * stays text. A formula is any start of = + - or @, in any of their forms
 * (the full-width ＝ ＋ － ＠ an East Asian keyboard types, the small forms, the
 * minus sign), behind any run of spaces, tabs or line breaks (which some
 * spreadsheets skip); a cell starting with a tab or a carriage return is
 * guarded too. So is any part after a semicolon or a comma: a spreadsheet set
 * to another separator (semicolons, in much of Europe) splits the cell there
 * and would read "Lee;=cmd" as a cell "=cmd".
 */

/** A formula's start (= + - @, full-width ＝ ＋ － ＠, small ﹦ ﹢ ﹣ ﹫, the minus sign −) behind any blanks, or a tab or carriage return: at a cell's start or after ; or ,. */
const FORMULA = /(^|[;,])(?=[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212])/g;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  text = text.replace(FORMULA, "$1'");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to a CSV file: a byte-order mark (so Excel reads UTF-8), CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
