/**
 * Feature translations, one file per feature area (materials, devices, calc, results, ...), each
 * exporting `zh` and `en` under its own top-level key. They are merged into zh-CN.ts and en.ts, so
 * the key-completeness test covers them, and feature work does not collide in two giant files.
 */
import type { Messages } from '../types';
import { en as circuitEn, zh as circuitZh } from './circuit';
import { en as editorEn, zh as editorZh } from './editor';
import { en as libraryEn, zh as libraryZh } from './library';
import { en as materialsEn, zh as materialsZh } from './materials';
import { en as plotsEn, zh as plotsZh } from './plots';
import { en as resultsEn, zh as resultsZh } from './results';

export const zhParts = {
  editor: editorZh,
  circuit: circuitZh,
  plots: plotsZh,
  results: resultsZh,
  materials: materialsZh,
  library: libraryZh,
};

export const enParts: Messages<typeof zhParts> = {
  editor: editorEn,
  circuit: circuitEn,
  plots: plotsEn,
  results: resultsEn,
  materials: materialsEn,
  library: libraryEn,
};
