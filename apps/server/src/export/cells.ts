import type { Cell } from './table.js';

/**
 * Spreadsheet cells cannot hold NaN or infinities (an XLSX with <v>NaN</v> is reported as
 * corrupt). NaN means "no value" (e.g. an IQE where nothing is absorbed, or a null from a JSON
 * round trip): an empty cell, which plots as a gap. An infinity is a real value (e.g. no shunt):
 * the text 'Infinity', which pandas and most readers parse back as a float.
 */
export function cellValue(v: Cell): Cell {
  if (typeof v !== 'number' || Number.isFinite(v)) return v;
  if (Number.isNaN(v)) return null;
  return v > 0 ? 'Infinity' : '-Infinity';
}
