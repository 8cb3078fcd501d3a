import { createReadableStreamFromReadable } from "@remix-run/node";
import { stringify, type Options } from "csv-stringify";
import { Readable, pipeline } from "node:stream";

/**
 * The one CSV writer: rows from an async iterable, written by csv-stringify (RFC 4180, CRLF
 * line ends, a cell with a comma, quote or line break quoted) and sent as the download's body
 * while they are read, so an export is never held in memory whole.
 *
 * It opens with a UTF-8 byte-order mark (spreadsheets then read Arabic and French names right)
 * and the header row. A text cell that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return, or the full-width = + - @ some spreadsheets fold to
 * them) gets a leading apostrophe, as OWASP advises against CSV injection. Numbers, and text
 * that is only a decimal number such as an amount "-0.10", stay numbers, so a column of payments
 * and refunds still adds up. null and undefined are empty cells; objects are written as JSON.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function textCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

const OPTIONS: Options = {
  bom: true,
  header: true,
  record_delimiter: "windows",
  // Given a record delimiter, csv-stringify would quote only cells holding all of it ("\r\n"): a lone line break must be quoted too.
  quote_record_delimiter: true,
  cast: {
    string: textCell,
    number: (value) => (Number.isFinite(value) ? String(value) : ""),
    boolean: (value) => String(value),
    date: (value) => value.toISOString(),
    object: (value) => JSON.stringify(value),
  },
};

export type CsvDownload = {
  /** The file name the browser saves it as. */
  filename: string;
  /** The first row: the columns' names. A longer row is cut to as many cells. */
  header: readonly string[];
  rows: AsyncIterable<readonly unknown[]>;
};

/** The download: rows are read from the iterable only as fast as the client takes them; a closed download stops the reading. */
export function csvResponse({ filename, header, rows }: CsvDownload): Response {
  const csv = pipeline(Readable.from(rows), stringify({ ...OPTIONS, columns: [...header] }), () => {
    // A failed read or a closed download has already ended the body (with an error, or cancelled); nothing else waits for it.
  });
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
