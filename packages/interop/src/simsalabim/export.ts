import type { DeviceSpec } from '@pvforge/contracts';
import type { ExportOutcome } from '../report.js';
export function exportSimsalabim(_device: DeviceSpec): ExportOutcome {
  return { tool: 'simsalabim', files: [], items: [] };
}
