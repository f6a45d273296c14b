/**
 * The sheets of a parameter sweep's record (apps/server/src/jobs/sweep.ts, SweepResult): one row per
 * combination with the parameters' values, each key figure with its unit, the child calculation
 * and its state; for two parameters, one map sheet per figure (rows: the first parameter, columns:
 * the second), as a spreadsheet plots a surface.
 */
import { FIGURE_COLUMNS } from './electrical-columns.js';
import type { Shape } from './shape.js';
import type { Cell, Table } from './table.js';
import { h, U } from './units.js';

export function isSweepResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { sweep?: unknown }).sweep === true;
}

/** The header of a figure: the J-V figures as in the electrical sheets, the others by their unit. */
function figureHeader(name: string): string {
  const known = FIGURE_COLUMNS.find(([k]) => k === name);
  if (known) return known[1];
  if (name === 'hysteresisIndex') return h('Hysteresis index', U.fraction);
  const pce = /^PCE_(reverse|forward)_percent$/.exec(name);
  if (pce) return h(`PCE ${pce[1]}`, U.percent);
  if (name === 'jphAbsorbersMaCm2') return h('Jph absorbers', U.mAcm2);
  if (name === 'jReflectedMaCm2') return h('J reflected', U.mAcm2);
  if (name === 'jTransmittedMaCm2') return h('J transmitted', U.mAcm2);
  if (name.startsWith('jph_')) return h(`Jph ${name.slice(4)}`, U.mAcm2);
  return name;
}

/** A parameter's header: the label the form gave it, else its field path. */
const paramHeader = (p: { path: string; label: string }) => (p.label ? `${p.label} [${p.path}]` : p.path);

export function sweepTables(
  result: unknown,
  s: Shape,
): { tables: Table[]; resultType: string; warnings: string[]; converged: boolean } {
  const r = s.obj(result, 'result');
  const params = s.arr(r['parameters'], 'result.parameters').map((p, k) => {
    const o = s.obj(p, `result.parameters[${k}]`);
    return {
      path: s.str(o['path'], `result.parameters[${k}].path`),
      label: typeof o['label'] === 'string' ? o['label'] : '',
      values: s
        .arr(o['values'], `result.parameters[${k}].values`)
        .map((v, i) => s.num(v, `result.parameters[${k}].values[${i}]`)),
    };
  });
  const names = s.arr(r['figureNames'], 'result.figureNames').map((n, i) => s.str(n, `result.figureNames[${i}]`));
  const rows = s.arr(r['table'], 'result.table').map((row, i) => {
    const o = s.obj(row, `result.table[${i}]`);
    const figures = o['figures'] === undefined ? {} : s.obj(o['figures'], `result.table[${i}].figures`);
    return {
      id: s.num(o['id'], `result.table[${i}].id`),
      values: s
        .arr(o['values'], `result.table[${i}].values`)
        .map((v, k) => s.num(v, `result.table[${i}].values[${k}]`)),
      status: s.str(o['status'], `result.table[${i}].status`),
      reason: typeof o['reason'] === 'string' ? o['reason'] : null,
      figures: Object.fromEntries(
        names.map((n) => [n, figures[n] === undefined ? null : s.num(figures[n], `result.table[${i}].figures.${n}`)]),
      ),
    };
  });
  const table: Table = {
    name: 'Sweep',
    headers: [...params.map(paramHeader), ...names.map(figureHeader), 'Calculation', 'Status', 'Reason'],
    rows: rows.map((row) => [
      ...params.map((_, k): Cell => row.values[k] ?? null),
      ...names.map((n): Cell => row.figures[n] ?? null),
      row.id,
      row.status,
      row.reason,
    ]),
  };
  const tables = [table];
  const [p, q] = params;
  if (p && q)
    for (const n of names)
      tables.push({
        name: `Map ${n}`,
        headers: [`${paramHeader(p)} \\ ${paramHeader(q)}`, ...q.values.map(String)],
        rows: p.values.map((v, i) => [
          v,
          ...q.values.map((_, j): Cell => rows[i * q.values.length + j]?.figures[n] ?? null),
        ]),
      });
  const failed = rows.filter((x) => x.status !== 'succeeded');
  return {
    tables,
    resultType: `parameter sweep (${params.length} parameter${params.length > 1 ? 's' : ''}, ${rows.length} calculations)`,
    warnings: failed.length ? [`${failed.length} of ${rows.length} calculations did not succeed`] : [],
    converged: failed.length === 0,
  };
}
