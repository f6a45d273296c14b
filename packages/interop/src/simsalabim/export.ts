import type { DeviceSpec } from '@pvforge/contracts';
import type { ExportOutcome } from '../report.js';

/**
 * Not written yet (issue 26): until it is, the export says so instead of handing back files that
 * would silently lose the device.
 */
export function exportSimsalabim(device: DeviceSpec): ExportOutcome {
  return {
    tool: 'simsalabim',
    files: [],
    items: [
      {
        status: 'refused',
        name: device.name,
        path: '(device)',
        message: {
          code: 'simsalabim.export-refused',
          params: { path: '(device)', why: 'the SIMsalabim export is not implemented yet' },
          text: '(device): SIMsalabim cannot express it (the SIMsalabim export is not implemented yet)',
        },
      },
    ],
  };
}
