import type { ParamEntry } from '../types.js';

export const MATERIAL_PARAMS: readonly ParamEntry[] = [];
