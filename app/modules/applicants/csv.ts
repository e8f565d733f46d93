/**
 * CSV for spreadsheets (RFC 4180), safe to open: a cell a spreadsheet would
 * read as a formula (starting = + - @, or a tab or carriage return) gets a
 * leading apostrophe, so a name like "=HYPERLINK(…)" stays text. So does any
 * part after a semicolon or a comma: a spreadsheet set to another separator
 * (semicolons, in much of Europe) splits the cell there and would read
 * "Lee;=cmd" as a cell "=cmd".
 */

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  text = text.replace(/(^|[;,])(?=[=+\-@\t\r])/g, "$1'");
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to a CSV file: a byte-order mark (so Excel reads UTF-8), CRLF line ends. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
