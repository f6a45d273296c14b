/**
 * Feature translations, one file per feature area (materials, devices, calc, results, ...), each
 * exporting `zh` and `en` under its own top-level key. They are merged into zh-CN.ts and en.ts, so
 * the key-completeness test covers them, and feature work does not collide in two giant files.
 */
import type { Messages } from '../types';

export const zhParts = {};

export const enParts: Messages<typeof zhParts> = {};
