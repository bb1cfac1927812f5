/**
 * CSV export of the report's tables (issue 11): the same rows and words the screen shows, so a
 * file and the screen never disagree. A byte-order mark lets spreadsheet programs read Korean.
 */

/** One cell. */
export type TCell = string | number | null;

function cell(value: TCell): string {
  const text = value === null ? "" : String(value);
  // Formulas are not run by spreadsheets opening the file (a name could start with `=`).
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value !== "number" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV text of a header and rows (CRLF line ends, as RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly TCell[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n");
}

/** Downloads `text` as `name` (a CSV with a byte-order mark). */
export function downloadCsv(name: string, text: string): void {
  const blob = new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
