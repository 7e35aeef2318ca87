/**
 * CSV files as spreadsheets open them: UTF-8 with a byte-order mark (so Excel shows ñ and
 * accents), CRLF lines, RFC 4180 quoting (a field with a comma, quote or line break is quoted
 * and its quotes doubled). A text starting with = + - @ (or a tab or CR) gets a leading
 * apostrophe, so a name like "=HYPERLINK(...)" stays text instead of becoming a formula.
 */
const BOM = "\uFEFF";

function escapeField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(escapeField).join(","));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** The response headers of a CSV download; personal data, so never kept by a cache. */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  };
}
