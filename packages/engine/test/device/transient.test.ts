import { describe, expect, it } from 'vitest';
import { checkDeviceSpec } from '../../../contracts/src/device/index.js';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { transientProtocol } from '../../src/device/transient.js';
import { assets, fixture } from './helpers.js';

/** The example p-i-n cell with mobile cations in the perovskite and a loop around Voc. */
function withIons() {
  const spec = fixture();
  spec.layers[3].electrical.ions = [{ densityCm3: 1e18, diffusionCm2PerS: 1e-11, sign: 1 }];
  spec.electrical.gridPoints = 200;
  delete spec.electrical.eqe;
  return spec;
}

describe('transients and impedance of a DeviceSpec', () => {
  it('a loop gives both scans with their figures, the hysteresis index and profiles with the ions', () => {
    const spec = withIons();
    spec.electrical.transient = {
      initialV: 1.35,
      rateVPerS: 1,
      segments: [
        { kind: 'scan', toV: 0 },
        { kind: 'scan', toV: 1.35 },
      ],
      points: 271,
      profileTimesS: [0, 1.35],
    };
    const progress: string[] = [];
    const r = runDeviceSimulation(spec, assets, { onProgress: (_f, d) => progress.push(d) });
    const t = r.transient!;
    expect(t.converged, t.error?.text).toBe(true);
    expect(t.scans.map((s) => s.direction)).toEqual(['reverse', 'forward']);
    for (const s of t.scans) expect(s.figures?.Voc_V).toBeGreaterThan(1);
    expect(t.hysteresisIndex).toBeDefined();
    expect(Math.abs(t.hysteresisIndex!)).toBeGreaterThan(1e-3);
    expect(t.profiles.map((p) => p.t_s)).toEqual([0, 1.35]);
    const ions = t.profiles[1]!.ions![0]!;
    expect(ions.layer).toBe('MAPbI3');
    expect(Math.max(...ions.density_cm3)).toBeGreaterThan(1e18);
    expect(t.ionNumberDrift).toBeLessThan(1e-8);
    // progress per time step, in the time of the protocol
    expect(progress.some((p) => /^transient: t = .* of 2\.7 s$/.test(p))).toBe(true);
  }, 30_000);

  it('light switched off at short circuit: the photocurrent decays to the dark current', () => {
    const spec = withIons();
    spec.electrical.transient = { initialV: 0, segments: [{ kind: 'light', on: false, durationS: 1e-3 }], points: 11 };
    const t = runDeviceSimulation(spec, assets).transient!;
    expect(t.converged, t.error?.text).toBe(true);
    expect(t.light).toEqual([1, ...new Array(10).fill(0)]);
    expect(t.J_mA_cm2[0]!).toBeGreaterThan(15);
    expect(Math.abs(t.J_mA_cm2.at(-1)!)).toBeLessThan(0.1);
  }, 30_000);

  it('open circuit after the light comes on: the voltage rises to Voc (transient photovoltage)', () => {
    const spec = withIons();
    spec.electrical.transient = {
      initialV: 0,
      initialLight: false,
      segments: [{ kind: 'open-circuit', light: true, durationS: 1e-2 }],
      points: 11,
    };
    const r = runDeviceSimulation(spec, assets);
    const t = r.transient!;
    expect(t.converged, t.error?.text).toBe(true);
    for (const j of t.J_mA_cm2.slice(1)) expect(Math.abs(j)).toBeLessThan(1e-6);
    expect(Math.abs(t.V.at(-1)! - r.light!.figures!.Voc_V)).toBeLessThan(0.05);
  }, 30_000);

  it('impedance of the DeviceSpec at log-spaced frequencies', () => {
    const spec = withIons();
    spec.electrical.impedance = { voltageV: 1.0, startHz: 1e-2, stopHz: 1e5, points: 8 };
    const z = runDeviceSimulation(spec, assets).impedance!;
    expect(z.converged, z.error?.text).toBe(true);
    expect(z.frequency_Hz.length).toBe(8);
    expect(z.frequency_Hz[0]).toBeCloseTo(1e-2, 12);
    expect(z.frequency_Hz[7]).toBeCloseTo(1e5, 6);
    for (const zr of z.Z_re_ohm_cm2) expect(zr).toBeGreaterThan(0);
  }, 30_000);

  it('refuses bad protocols and ion parameters before anything runs, naming the field', () => {
    const spec = withIons();
    spec.layers[3].electrical.ions[0].diffusionCm2PerS = -1;
    spec.electrical.transient = { initialV: 1, segments: [{ kind: 'scan', toV: 0 }], points: 1 };
    spec.electrical.impedance = { voltageV: 0.5, startHz: 10, stopHz: 1 };
    const r = checkDeviceSpec(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^electrical\.transient\.segments\[0\]\.rateVPerS: must be a scan rate > 0/),
        expect.stringMatching(/^electrical\.transient\.points: Saved time points is 1, outside the allowed range/),
        expect.stringMatching(/^electrical\.impedance\.stopHz: must be above startHz/),
        expect.stringMatching(
          /^layers\[3\] "MAPbI3"\.electrical\.ions\[0\]\.diffusionCm2PerS: Ion diffusion coefficient is -1 cm²\/s, outside the allowed range/,
        ),
      ]),
    );
  });

  it('maps the protocol: scans take their rate, holds step the voltage, light switches', () => {
    const { protocol, scans, light } = transientProtocol(
      {
        initialV: 1,
        rateVPerS: 0.5,
        segments: [
          { kind: 'hold', durationS: 10, voltageV: 1.2 },
          { kind: 'scan', toV: 0.2 },
          { kind: 'light', on: false, durationS: 1 },
        ],
      },
      true,
    );
    expect(protocol.segments).toEqual([
      { duration_s: 10, jump_V: 1.2 },
      { duration_s: 2, to_V: 0.2 },
      { duration_s: 1, light: 0 },
    ]);
    expect(scans).toEqual([{ t0: 10, t1: 12, from: 1.2, to: 0.2, rate: 0.5 }]);
    expect([light(0), light(11), light(12.5)]).toEqual([1, 1, 0]);
  });
});
