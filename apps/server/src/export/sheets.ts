import type { Table } from './table.js';

/**
 * The export of one electrical result: its tables and what the workbook says about the run. Its
 * own module because a tandem's export (tandem.ts) nests the whole stack's sheets, which the
 * electrical export (electrical.ts) builds and which in turn delegates tandems to tandem.ts.
 */
export interface ElectricalSheets {
  device?: string;
  resultType: string;
  tables: Table[];
  warnings: string[];
  converged: boolean;
}
