/**
 * CSV for spreadsheets: RFC 4180 quoting plus the OWASP defence against formula injection.
 * A visitor controls the names and tracking values we export; a cell such as `=HYPERLINK(...)`
 * must open in Excel or Sheets as text, never run as a formula.
 */

/** UTF-8 byte order mark: without it Excel reads the file as the local code page. */
export const CSV_BOM = "\uFEFF";
const LINE_END = "\r\n";

/** First characters a spreadsheet treats as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the field quoted (RFC 4180 section 2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

/** One field: a leading `'` for formula starters, then quoted (inner quotes doubled) when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. A file is CSV_BOM, the header record, then the records. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(",") + LINE_END;
}

