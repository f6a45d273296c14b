/**
 * A DeviceSpec's optical model of a medium (the optical part of DeviceSpec v1, as a structural copy)
 * and its resolution to the engine's material (materials/): an n,k table read by id from the assets
 * the caller supplies, a tabulated or absorption table checked, a model passed on. Apart from the
 * optics run (device.ts) so that the device check can read a layer's absorption (device/
 * radiative-absorption.ts) without the transfer-matrix code.
 */
import { makeAbsorptionTable, type SqrtLawModel } from '../materials/absorption.js';
import type { DispersionModel } from '../materials/dispersion.js';
import type { OpticalMaterial } from '../materials/index.js';
import { makeNkTable, type NkExtrapolation, parseNkCsv } from '../materials/nk-table.js';
import { OpticsInputError } from './errors.js';

export type DeviceOpticalModel =
  | { kind: 'table'; materialId: string; extrapolation?: NkExtrapolation }
  | { kind: 'tabulated'; wavelengthNm: number[]; n: number[]; k: number[]; extrapolation?: NkExtrapolation }
  | { kind: 'constant'; n: number; k: number }
  | SqrtLawModel
  | {
      kind: 'absorption-table';
      name?: string;
      n: number;
      wavelengthNm: number[];
      alphaPerCm: number[];
      extrapolation?: NkExtrapolation;
    }
  | DispersionModel;

export interface DeviceOpticsAssets {
  /** Text of the `wavelength_nm,n,k` CSV of a material id; throws if unknown. */
  nkCsv(materialId: string): string;
  /** Text of a built-in spectrum CSV ('AM1.5G', 'AM0', 'AM1.5D'). */
  spectrumCsv(id: string): string;
}

/** A DeviceSpec optical model resolved to the engine's material (an n,k table read from the assets by id). */
export function opticalMaterial(m: DeviceOpticalModel, assets: DeviceOpticsAssets, field: string): OpticalMaterial {
  if (!m || typeof m !== 'object') throw new OpticsInputError(field, 'missing optical model');
  if (m.kind === 'table') {
    let text: string;
    try {
      text = assets.nkCsv(m.materialId);
    } catch (e) {
      throw new OpticsInputError(
        `${field}.materialId`,
        `unknown material "${m.materialId}" (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    return { kind: 'table', table: parseNkCsv(text, m.materialId), extrapolation: m.extrapolation ?? 'none' };
  }
  if (m.kind === 'tabulated') {
    return {
      kind: 'table',
      table: makeNkTable(field, m.wavelengthNm, m.n, m.k),
      extrapolation: m.extrapolation ?? 'none',
    };
  }
  if (m.kind === 'absorption-table') {
    return {
      kind: 'absorption-table',
      table: makeAbsorptionTable(field, m),
      extrapolation: m.extrapolation ?? 'none',
    };
  }
  return m;
}
