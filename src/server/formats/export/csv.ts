/**
 * CSV (RFC 4180) for spreadsheets. A cell starting with = + - @ (or a tab or carriage return,
 * which some spreadsheets skip before one) is a formula to Excel, LibreOffice and Google
 * Sheets, and a document title or a name is anyone's text: such cells get a leading `'`, so
 * they open as text (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised against formulas and quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, ending in CRLF as RFC 4180 says. */
export function csvRow(cells: Array<string | number | boolean | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
