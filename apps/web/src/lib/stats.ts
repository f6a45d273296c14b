import { STAT_COUNTERS, type StatCounter } from '@pvforge/contracts';

export interface HomeCounters {
  personalDevices: number;
  publicDevices: number;
  institutions: number;
  users: number;
  /** Spec §2: "calculation instances" is the sum of the optical, electrical and circuit counts. */
  calculations: number;
  materials: number;
}

export function homeCounters(data: readonly number[]): HomeCounters {
  const at = (name: StatCounter): number => {
    const v = data[STAT_COUNTERS.indexOf(name)];
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
  };
  return {
    personalDevices: at('personalDevices'),
    publicDevices: at('publicDevices'),
    institutions: at('institutions'),
    users: at('users'),
    calculations: at('opticalCalculations') + at('electricalCalculations') + at('circuitCalculations'),
    materials: at('materials'),
  };
}
