import type { ParamEntry } from '../types.js';

export const DEVICE_PARAMS: readonly ParamEntry[] = [];
