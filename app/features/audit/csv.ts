/**
 * CSV cells (RFC 4180) that a spreadsheet opens as text: a cell starting with = + - @
 * (or a tab or carriage return) would be read as a formula (CSV injection), so it gets
 * a leading apostrophe; cells with a comma, quote or line break are quoted.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
