// Plain-text tables for the benchmark's stdout.

export const kb = (bytes) => (bytes / 1024).toFixed(1);
export const ms = (value) => (Number.isFinite(value) ? value.toFixed(2) : "n/a");

/** Renders rows (arrays of cells) with a header row; column i is right-aligned when align[i] is "r". */
export function table(header, rows, align = []) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i] ?? "").length)));
  const line = (row) =>
    row
      .map((cell, i) => (align[i] === "r" ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
