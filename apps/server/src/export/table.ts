/**
 * The neutral form of an export: named tables of cells, written either as XLSX worksheets or as
 * CSV files. Builders (optics.ts, electrical.ts, circuit.ts) produce tables; writers (xlsx.ts,
 * csv.ts) never look at engine types.
 */

/** A cell: numbers stay numbers (full precision); NaN and infinities are handled by the writers. */
export type Cell = number | string | boolean | null;

export interface Table {
  /** Wanted sheet name; made valid and unique by `finaliseSheetNames`. */
  name: string;
  /** Column headers, each with its unit in brackets, e.g. 'J (mA/cm²)'. */
  headers: string[];
  rows: Cell[][];
}

/** Builds a column-oriented table (equal-length columns) into rows. */
export function columns(name: string, cols: { header: string; values: ArrayLike<Cell> }[]): Table {
  const n = cols.reduce((m, c) => Math.max(m, c.values.length), 0);
  const rows: Cell[][] = [];
  for (let i = 0; i < n; i++) rows.push(cols.map((c) => (i < c.values.length ? (c.values[i] ?? null) : null)));
  return { name, headers: cols.map((c) => c.header), rows };
}

/** A 'Quantity | Value | Unit' table, for scalars of different units (key figures, summaries). */
export function quantities(name: string, items: [quantity: string, value: Cell | undefined, unit: string][]): Table {
  return {
    name,
    headers: ['Quantity', 'Value', 'Unit'],
    rows: items.filter(([, v]) => v !== undefined).map(([q, v, u]) => [q, v ?? null, u]),
  };
}

/** Excel's limit on sheet names. */
export const MAX_SHEET_NAME = 31;

/**
 * Makes sheet names valid for Excel (no : \ / ? * [ ], no leading or trailing apostrophe, at most
 * 31 characters, not the reserved 'History') and unique without regard to case, as Excel compares
 * them; a clash gets ' (2)', ' (3)', ... within the length limit.
 */
export function finaliseSheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    let base = raw
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '');
    if (!base || base.toLowerCase() === 'history') base = `Sheet ${base}`.trim();
    base = [...base].slice(0, MAX_SHEET_NAME).join('').trim();
    let name = base;
    for (let k = 2; used.has(name.toLowerCase()); k++) {
      const suffix = ` (${k})`;
      name =
        [...base]
          .slice(0, MAX_SHEET_NAME - suffix.length)
          .join('')
          .trimEnd() + suffix;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
