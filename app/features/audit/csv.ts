/**
 * CSV cells (RFC 4180) that a spreadsheet opens safely: a text cell starting with = + - @
 * (or a tab or carriage return) would be read as a formula (CSV injection), so it gets a
 * leading apostrophe; cells with a comma, quote or line break are quoted. A number (or text
 * that is only a decimal number, like an amount "-0.10") stays a number, so a column of
 * payments and refunds still adds up.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (!PLAIN_NUMBER.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
