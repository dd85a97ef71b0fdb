/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with an apostrophe. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown): string => {
    let s = value === null || value === undefined ? '' : String(value);
    // A number is never run as a formula; a negative one stays a number for the spreadsheet.
    if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n']/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
