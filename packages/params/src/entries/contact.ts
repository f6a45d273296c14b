import type { ParamEntry } from '../types.js';

export const CONTACT_PARAMS: readonly ParamEntry[] = [];
