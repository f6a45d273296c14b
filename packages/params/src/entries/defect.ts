import type { ParamEntry } from '../types.js';

export const DEFECT_PARAMS: readonly ParamEntry[] = [];
