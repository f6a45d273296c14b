import { type ElectricalDeviceSpecLike, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { resultTables } from '../../../src/export/index.js';
import type { Table } from '../../../src/export/table.js';
import { fileAssets, readJson } from './helpers.js';

/**
 * The exports of the exciton and tunnelling models, on the public example devices: each profile
 * sheet carries the dissociation probability, the geminate rate and the exciton density when the
 * device has the model, and the recombination sheet the J-V losses to geminate recombination and
 * exciton decay, equal to the engine's numbers.
 */

const assets = fileAssets();
const run = (file: string) => {
  const spec = readJson<ElectricalDeviceSpecLike>(`assets/devices/${file}`);
  const result = runDeviceSimulation(spec as never, assets);
  return { result, tables: resultTables({ kind: 'elec', result }).tables };
};
const col = (t: Table, header: string) => {
  const k = t.headers.indexOf(header);
  expect(k, `${t.name}: ${header} in ${t.headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return t.rows.map((r) => r[k] as number);
};
const byName = (tables: Table[], name: string) => {
  const t = tables.find((x) => x.name === name);
  expect(t, `${name} in ${tables.map((x) => x.name).join(', ')}`).toBeDefined();
  return t!;
};

describe('export of the exciton models', () => {
  it('an Onsager-Braun blend: P(x), the geminate rate and the geminate and bimolecular J-V losses', () => {
    const { result, tables } = run('organic-bhj-p3ht-pcbm-electrical.device.json');
    const light = result.light!;
    expect(light.converged).toBe(true);
    const bias0 = byName(tables, 'Bias light 0 V');
    const P = col(bias0, 'Dissociation probability P (fraction)');
    expect(P).toEqual(light.profiles[0]!.P_dissociation);
    for (const p of P) expect(p > 0 && p <= 1).toBe(true);
    // inside the blend the field-assisted yield is below 1: geminate recombination is there
    expect(Math.min(...P)).toBeLessThan(1);
    expect(col(bias0, 'R geminate (cm⁻³ s⁻¹)')).toEqual(light.profiles[0]!.R_geminate_cm3_s);
    expect(bias0.headers).not.toContain('Exciton density X (cm⁻³)');

    const rec = byName(tables, 'Recombination light');
    const layer = light.recombination.layers[0]!;
    expect(col(rec, 'P3HT:PC61BM geminate (mA/cm²)')).toEqual(layer.geminate);
    expect(col(rec, 'P3HT:PC61BM radiative (mA/cm²)')).toEqual(layer.radiative);
    // at short circuit the geminate loss is part of q∫G minus the photocurrent
    const qG = col(rec, 'qG (mA/cm²)')[0]!;
    expect(layer.geminate![0]!).toBeGreaterThan(0);
    expect(layer.geminate![0]!).toBeLessThan(qG);
  });

  it('a bilayer with exciton diffusion: X(x) and the exciton decay of each layer, no dissociation columns', () => {
    const { result, tables } = run('organic-bilayer-pm6-c60-exciton-diffusion.device.json');
    const light = result.light!;
    expect(light.converged).toBe(true);
    const bias0 = byName(tables, 'Bias light 0 V');
    const X = col(bias0, 'Exciton density X (cm⁻³)');
    expect(X).toEqual(light.profiles[0]!.X_cm3);
    expect(Math.max(...X)).toBeGreaterThan(0);
    expect(bias0.headers).not.toContain('Dissociation probability P (fraction)');
    const rec = byName(tables, 'Recombination light');
    for (const name of ['PM6', 'C60'])
      expect(col(rec, `${name} exciton decay (mA/cm²)`)).toEqual(
        light.recombination.layers.find((l) => l.name === name)!.excitonDecay,
      );
  });
});

describe('export of the tunnel oxide currents', () => {
  it('the TOPCon example: electron and hole current through its SiOx against V, equal to the engine numbers', () => {
    const { result, tables } = run('silicon-topcon-electrical.device.json');
    const light = result.light!;
    expect(light.converged).toBe(true);
    const iface = light.recombination.interfaces.find((q) => q.tunnelOxide)!;
    const rec = byName(tables, 'Recombination light');
    const e = col(rec, `Tunnel oxide ${iface.name} electron current (mA/cm²)`);
    const hole = col(rec, `Tunnel oxide ${iface.name} hole current (mA/cm²)`);
    expect(e).toEqual(iface.tunnelOxide!.electron);
    expect(hole).toEqual(iface.tunnelOxide!.hole);
    // the electrons carry the current through the oxide; the holes it lets through are a loss
    const k = light.V.indexOf(0);
    expect(e[k]!).toBeGreaterThan(0.9 * light.J_mA_cm2[k]!);
    expect(Math.abs(hole[k]!)).toBeLessThan(1e-3 * e[k]!);
  });
});
