/**
 * Feature translations, one file per feature area (materials, devices, calc, results, ...), each
 * exporting `zh` and `en` under its own top-level key. They are merged into zh-CN.ts and en.ts, so
 * the key-completeness test covers them, and feature work does not collide in two giant files.
 */
import type { Messages } from '../types';
import { en as adminEn, zh as adminZh } from './admin';
import { en as chatEn, zh as chatZh } from './chat';
import { en as circuitEn, zh as circuitZh } from './circuit';
import { en as consultEn, zh as consultZh } from './consult';
import { en as defectsEn, zh as defectsZh } from './defects';
import { en as editorEn, zh as editorZh } from './editor';
import { en as financeEn, zh as financeZh } from './finance';
import { en as fitEn, zh as fitZh } from './fit';
import { en as forumEn, zh as forumZh } from './forum';
import { en as inputsEn, zh as inputsZh } from './inputs';
import { en as interopEn, zh as interopZh } from './interop';
import { en as jvPreviewEn, zh as jvPreviewZh } from './jv-preview';
import { en as libraryEn, zh as libraryZh } from './library';
import { en as materialsEn, zh as materialsZh } from './materials';
import { en as modelsEn, zh as modelsZh } from './models';
import { en as noticeEn, zh as noticeZh } from './notice';
import { en as plotsEn, zh as plotsZh } from './plots';
import { en as resultsEn, zh as resultsZh } from './results';
import { en as siteEn, zh as siteZh } from './site';
import { en as spectraEn, zh as spectraZh } from './spectra';
import { en as sweepEn, zh as sweepZh } from './sweep';
import { en as tandemEn, zh as tandemZh } from './tandem';
import { en as transientEn, zh as transientZh } from './transient';
import { en as tutorialsEn, zh as tutorialsZh } from './tutorials';
import { en as validationEn, zh as validationZh } from './validation';

export const zhParts = {
  editor: editorZh,
  circuit: circuitZh,
  plots: plotsZh,
  results: resultsZh,
  materials: materialsZh,
  library: libraryZh,
  transient: transientZh,
  defects: defectsZh,
  models: modelsZh,
  validation: validationZh,
  tandem: tandemZh,
  forum: forumZh,
  consult: consultZh,
  finance: financeZh,
  notice: noticeZh,
  admin: adminZh,
  site: siteZh,
  sweep: sweepZh,
  inputs: inputsZh,
  spectra: spectraZh,
  tutorials: tutorialsZh,
  chat: chatZh,
  interop: interopZh,
  fit: fitZh,
  jvPreview: jvPreviewZh,
};

export const enParts: Messages<typeof zhParts> = {
  editor: editorEn,
  circuit: circuitEn,
  plots: plotsEn,
  results: resultsEn,
  materials: materialsEn,
  library: libraryEn,
  transient: transientEn,
  defects: defectsEn,
  models: modelsEn,
  validation: validationEn,
  tandem: tandemEn,
  forum: forumEn,
  consult: consultEn,
  finance: financeEn,
  notice: noticeEn,
  admin: adminEn,
  site: siteEn,
  sweep: sweepEn,
  inputs: inputsEn,
  spectra: spectraEn,
  tutorials: tutorialsEn,
  chat: chatEn,
  interop: interopEn,
  fit: fitEn,
  jvPreview: jvPreviewEn,
};
