import type { ParamEntry } from '../types.js';

export const INTERFACE_PARAMS: readonly ParamEntry[] = [];
