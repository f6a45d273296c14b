import type { ParamEntry } from '../types.js';

export const IONS_PARAMS: readonly ParamEntry[] = [];
