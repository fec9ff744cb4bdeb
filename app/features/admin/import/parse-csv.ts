/**
 * An RFC 4180 reader for the import (no CSV parser is among the dependencies): fields separated by
 * commas (or by semicolons or tabs, when the header line uses those, as spreadsheets in many locales
 * save), records by CRLF or LF, a quoted field may hold separators, line breaks and doubled quotes.
 * A quote left open, or text after a closing quote, is an error naming its line, never a guess.
 */

export type CsvRecord = { line: number; fields: string[] };
export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

const SEPARATORS = [",", ";", "\t"] as const;

/** The separator the header line uses most, outside quotes (a comma when it uses none). */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  let best: string = ",";
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    const count = header.split(separator).length - 1;
    if (count > bestCount) [best, bestCount] = [separator, count];
  }
  return best;
}

/**
 * Every record of `text` with the line it starts on (1-based). Blank lines are left out. Stops at
 * `maxRecords + 1` records, so a caller can say the file has too many without reading all of it.
 */
export function parseCsv(text: string, { maxRecords = Infinity }: { maxRecords?: number } = {}): CsvParse {
  const separator = separatorOf(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  /** The current field was quoted and its closing quote has been read. */
  let closed = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== "") records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    closed = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === separator) {
      fields.push(field);
      field = "";
      closed = false;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      if (records.length > maxRecords) return { ok: true, records };
      line++;
      recordLine = line;
    } else if (closed) {
      return { ok: false, line, message: `Line ${line} has text after a closing quote. A field with a quote in it must be quoted whole, its quotes doubled ("").` };
    } else if (char === '"') {
      if (field !== "") {
        return { ok: false, line, message: `Line ${line} has a quote inside an unquoted field. Quote the whole field and double its quotes ("").` };
      }
      quoted = true;
      quoteLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { ok: false, line: quoteLine, message: `The quote opened on line ${quoteLine} is never closed.` };
  if (field !== "" || fields.length > 0 || closed) endRecord();
  return { ok: true, records };
}
