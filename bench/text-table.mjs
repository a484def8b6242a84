/**
 * Rows as a plain-text table: `columns` are `[title, (row) => value]`, the first column left
 * aligned and the others right aligned, two spaces apart.
 */
export function textTable(columns, rows) {
  const cells = [columns.map(([title]) => title)].concat(
    rows.map((row) => columns.map(([, get]) => String(get(row)))),
  );
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i].length)));
  return cells
    .map((line) =>
      line
        .map((cell, i) => (i === 0 ? cell.padEnd : cell.padStart).call(cell, widths[i]))
        .join('  '),
    )
    .join('\n');
}
