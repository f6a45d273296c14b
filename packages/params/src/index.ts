/**
 * @pvforge/params: the one description of every device parameter (docs/ARCHITECTURE.md "How a
 * parameter flows"). The entries live in entries/, one file a place; this module gathers them,
 * looks them up by path and judges values (judge.ts). It imports nothing, so the engine, the
 * contracts, the server, the web app and the CLI can all depend on it.
 */
import { CONTACT_PARAMS } from './entries/contact.js';
import { DEFECT_PARAMS } from './entries/defect.js';
import { DEVICE_PARAMS } from './entries/device.js';
import { EXCITON_PARAMS } from './entries/exciton.js';
import { INTERFACE_PARAMS } from './entries/interface.js';
import { IONS_PARAMS } from './entries/ions.js';
import { LAYER_CHOICES, LAYER_PARAMS } from './entries/layer.js';
import { MATERIAL_PARAMS } from './entries/material.js';
import type { Choice, ChoiceEntry, Param, ParamEntry } from './types.js';

export { CONTACT_PARAMS } from './entries/contact.js';
export { INTERFACE_PARAMS } from './entries/interface.js';
export { LAYER_CHOICES, LAYER_PARAMS } from './entries/layer.js';
export * from './judge.js';
export * from './types.js';

const withKey = (e: ParamEntry): Param => ({ ...e, key: e.path.slice(e.path.lastIndexOf('.') + 1) });

/** Every parameter, in the order the docs table and the forms list them. */
export const PARAMS: readonly Param[] = [
  ...LAYER_PARAMS,
  ...DEFECT_PARAMS,
  ...IONS_PARAMS,
  ...EXCITON_PARAMS,
  ...INTERFACE_PARAMS,
  ...CONTACT_PARAMS,
  ...DEVICE_PARAMS,
  ...MATERIAL_PARAMS,
].map(withKey);

const BY_PATH = new Map<string, Param>(PARAMS.map((p) => [p.path, p]));

/**
 * The pattern of a concrete field path: list indices become `[]` (`layers[2]`, `layers.2`, and
 * the check's `layers[2] "MAPbI3"`), the contact side becomes `*`, and a graded layer's back-face
 * value (`layers[].electrical.grading.back.egEV`) is the parameter's own entry.
 */
export function pathPattern(path: string): string {
  return path
    .replace(/\[\d+\](?: "(?:[^"\\]|\\.)*")?/g, '[]')
    .replace(/\.(\d+)(?=\.|$)/g, '[]')
    .replace(/^electrical\.contacts\.(front|back|left|right)\./, 'electrical.contacts.*.')
    .replace(/^layers\[\]\.electrical\.grading\.back\./, 'layers[].electrical.');
}

/** The entry of a field, by its pattern or a concrete path; undefined when the registry has none. */
export function paramAt(path: string): Param | undefined {
  return BY_PATH.get(path) ?? BY_PATH.get(pathPattern(path));
}

/** The entry of a path the caller knows is registered (a programming error otherwise). */
export function param(path: string): Param {
  const p = paramAt(path);
  if (!p) throw new Error(`no registry entry for ${path}`);
  return p;
}

/** The entries under a prefix pattern, in registry order: paramsUnder('layers[].electrical.ions[].'). */
export function paramsUnder(prefix: string): Param[] {
  return PARAMS.filter((p) => p.path.startsWith(prefix) && !p.path.slice(prefix.length).includes('.'));
}

/** The entry of a material-library field ('epsR', 'ions.densityCm3'). */
export function materialParam(materialKey: string): Param | undefined {
  return PARAMS.find((p) => p.material === materialKey);
}

/** Every choice setting (a named option rather than a number), in the order the forms list them. */
export const CHOICES: readonly Choice[] = [...LAYER_CHOICES].map((e: ChoiceEntry) => ({
  ...e,
  key: e.path.slice(e.path.lastIndexOf('.') + 1),
}));

/** The choice entry of a field, by its pattern or a concrete path; undefined when there is none. */
export function choiceAt(path: string): Choice | undefined {
  const pattern = pathPattern(path);
  return CHOICES.find((c) => c.path === path || c.path === pattern);
}

/** The choice entries directly under a prefix pattern: choicesUnder('layers[].electrical.'). */
export function choicesUnder(prefix: string): Choice[] {
  return CHOICES.filter((c) => c.path.startsWith(prefix) && !c.path.slice(prefix.length).includes('.'));
}

/** The choice entry that decides about a numeric entry (shown beside it), if any. */
export function choiceBeside(path: string): Choice | undefined {
  const pattern = pathPattern(path);
  return CHOICES.find((c) => c.beside === pattern);
}
