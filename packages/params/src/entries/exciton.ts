import type { ParamEntry } from '../types.js';

export const EXCITON_PARAMS: readonly ParamEntry[] = [];
