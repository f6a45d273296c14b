import {
  type CheckIssue,
  checkLine,
  PARAM_CHECK_CODES,
  paramIssue,
  spectrumCoverage,
  spectrumCoverageIssue,
} from '@pvforge/engine/spec-check';
import { paramAt } from '@pvforge/params';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import {
  checkElectricalIssues,
  DeviceElectricalSpec,
  LayerElectricalSpec,
  TandemSubcellSpec,
} from './device-spec-electrical.js';
import { ParamNumber } from './param-schema.js';

/**
 * DeviceSpec, schemaVersion 1: the versioned description of a solar cell that every engine reads.
 * Units are in the field names (nm, deg, K, W/m^2). Light comes from `ambient`, crosses
 * `layers` in order (front to back) and leaves into `substrate` (both semi-infinite).
 * The optical part is complete. The electrical part (drift-diffusion) is additive and optional:
 * per layer an `electrical` object (device-spec-electrical.ts), and a device-level `electrical`
 * block (contacts, resistances, temperature, sweep, generation) that makes the device an
 * electrical simulation; without the block the device is optical only and layer `electrical`
 * objects are not checked beyond their field types.
 * Physics of every field: docs/physics/optics.md and docs/physics/drift-diffusion.md.
 */

const Finite = (opts: Record<string, unknown> = {}) => Type.Number(opts);

/** Complex refractive index N = n + i k (k >= 0 for absorption) from a table or a model. */
export const OpticalModelSpec = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('table'),
      /** Id of an n,k table of the material library (assets/data/nk/index.json), e.g. "mapbi3". */
      materialId: Type.String({ minLength: 1, maxLength: 100 }),
      /** Outside the table: 'none' (error, default), 'hold' (end values), 'transparent' (hold n, k = 0). */
      extrapolation: Type.Optional(
        Type.Union([Type.Literal('none'), Type.Literal('hold'), Type.Literal('transparent')]),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('tabulated'),
      /** An inline n,k table; linear interpolation; wavelengths strictly increasing. */
      wavelengthNm: Type.Array(Finite({ exclusiveMinimum: 0 }), { minItems: 1 }),
      n: Type.Array(Finite({ exclusiveMinimum: 0 }), { minItems: 1 }),
      k: Type.Array(Finite({ minimum: 0 }), { minItems: 1 }),
      extrapolation: Type.Optional(
        Type.Union([Type.Literal('none'), Type.Literal('hold'), Type.Literal('transparent')]),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('constant'), n: Finite({ exclusiveMinimum: 0 }), k: Finite({ minimum: 0 }) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /**
       * SCAPS-1D's square-root absorption law: alpha(hv) = (A + B / hv) sqrt(hv - Eg) above the gap,
       * 0 below (hv, Eg in eV; A in cm^-1 eV^-1/2, B in cm^-1 eV^1/2); k = alpha lambda / (4 pi),
       * with a constant n (which only the transfer matrix reads).
       */
      kind: Type.Literal('sqrt-law'),
      n: Finite({ exclusiveMinimum: 0 }),
      egEV: Finite({ exclusiveMinimum: 0 }),
      aPerCmSqrtEV: Finite({ minimum: 0 }),
      bSqrtEVPerCm: Type.Optional(Finite({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /**
       * An absorption coefficient table (a SCAPS .abs file): alpha in cm^-1 against wavelength,
       * linear interpolation, wavelengths strictly increasing; k = alpha lambda / (4 pi), constant n.
       */
      kind: Type.Literal('absorption-table'),
      /** Where the table came from (the .abs file's name), shown with the layer. */
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      n: Finite({ exclusiveMinimum: 0 }),
      wavelengthNm: Type.Array(Finite({ exclusiveMinimum: 0 }), { minItems: 2, maxItems: 100000 }),
      alphaPerCm: Type.Array(Finite({ minimum: 0 }), { minItems: 2, maxItems: 100000 }),
      extrapolation: Type.Optional(
        Type.Union([Type.Literal('none'), Type.Literal('hold'), Type.Literal('transparent')]),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /** n = a + bUm2 / l^2 + cUm4 / l^4 (l in um), constant k. */
      kind: Type.Literal('cauchy'),
      a: Finite(),
      bUm2: Finite(),
      cUm4: Type.Optional(Finite()),
      k: Type.Optional(Finite({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /** n^2 = 1 + a + sum b l^2 / (l^2 - cUm2) (l in um), constant k. */
      kind: Type.Literal('sellmeier'),
      a: Type.Optional(Finite()),
      terms: Type.Array(Type.Object({ b: Finite(), cUm2: Finite() }, { additionalProperties: false }), { minItems: 1 }),
      k: Type.Optional(Finite({ minimum: 0 })),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /** eps = epsInf + sum of Lorentz, Drude and Tauc-Lorentz terms (energies in eV); N = sqrt(eps). */
      kind: Type.Literal('oscillators'),
      epsInf: Finite(),
      terms: Type.Array(
        Type.Union([
          Type.Object(
            {
              type: Type.Literal('lorentz'),
              f: Finite(),
              e0Ev: Finite({ minimum: 0 }),
              gammaEv: Finite({ minimum: 0 }),
            },
            { additionalProperties: false },
          ),
          Type.Object(
            { type: Type.Literal('drude'), plasmaEv: Finite({ minimum: 0 }), gammaEv: Finite({ minimum: 0 }) },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              type: Type.Literal('tauc-lorentz'),
              aEv: Finite({ minimum: 0 }),
              e0Ev: Finite({ exclusiveMinimum: 0 }),
              cEv: Finite({ exclusiveMinimum: 0 }),
              egEv: Finite({ exclusiveMinimum: 0 }),
            },
            { additionalProperties: false },
          ),
        ]),
      ),
    },
    { additionalProperties: false },
  ),
]);
export type OpticalModelSpec = Static<typeof OpticalModelSpec>;

export const LayerRole = Type.Union([
  Type.Literal('absorber'),
  Type.Literal('etl'),
  Type.Literal('htl'),
  Type.Literal('electrode'),
  Type.Literal('tco'),
  Type.Literal('buffer'),
  Type.Literal('arc'),
  Type.Literal('passivation'),
  Type.Literal('substrate'),
  Type.Literal('encapsulant'),
  Type.Literal('other'),
]);
export type LayerRole = Static<typeof LayerRole>;

export const DeviceLayerSpec = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    /** > 0. Thick layers (glass, wafers) should be incoherent. */
    thicknessNm: ParamNumber('layers[].thicknessNm'),
    /** true: thin film, fields interfere; false: thick layer, intensities add. Default true. */
    coherent: Type.Optional(Type.Boolean()),
    role: LayerRole,
    /** Organic absorber: generation is of excitons (same profile, labelled). */
    excitonic: Type.Optional(Type.Boolean()),
    optical: OpticalModelSpec,
    /**
     * Drift-diffusion parameters (units in the names); a layer without them (glass, TCO, metal)
     * is optical only. Checked in full only when the device has an `electrical` block.
     */
    electrical: Type.Optional(LayerElectricalSpec),
    /** The subcell of a monolithic tandem this layer belongs to (only with electrical.tandem). */
    subcell: Type.Optional(TandemSubcellSpec),
  },
  { additionalProperties: false },
);
export type DeviceLayerSpec = Static<typeof DeviceLayerSpec>;

export const SpectrumSpec = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('builtin'),
      /** ASTM G173-03 spectra; AM1.5G is the platform default. */
      id: Type.Union([Type.Literal('AM1.5G'), Type.Literal('AM0'), Type.Literal('AM1.5D')]),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('blackbody'),
      temperatureK: ParamNumber('illumination.spectrum.temperatureK'),
      irradianceWm2: Type.Optional(ParamNumber('illumination.spectrum.irradianceWm2')),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('monochromatic'),
      wavelengthNm: ParamNumber('illumination.spectrum.wavelengthNm'),
      irradianceWm2: ParamNumber('illumination.spectrum.irradianceWm2'),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      /** User spectrum: strictly increasing wavelengths, non-negative spectral irradiance. */
      kind: Type.Literal('tabulated'),
      /** What the user called it (a spectrum of the personal library): shown with the result. */
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      wavelengthNm: Type.Array(Finite({ exclusiveMinimum: 0 }), { minItems: 2 }),
      irradianceWm2Nm: Type.Array(Finite({ minimum: 0 }), { minItems: 2 }),
    },
    { additionalProperties: false },
  ),
]);
export type SpectrumSpec = Static<typeof SpectrumSpec>;

export const IlluminationSpec = Type.Object(
  {
    /** Default: AM1.5G. */
    spectrum: Type.Optional(SpectrumSpec),
    /** Intensity multiplier, default 1. */
    suns: Type.Optional(ParamNumber('illumination.suns')),
    /** Angle of incidence in the ambient, 0 <= angle < 90, default 0. */
    angleDeg: Type.Optional(ParamNumber('illumination.angleDeg')),
    polarization: Type.Optional(Type.Union([Type.Literal('s'), Type.Literal('p'), Type.Literal('unpolarized')])),
    /** Simulation grid, default 300-1600 nm in 1 nm steps. */
    wavelength: Type.Optional(
      Type.Object(
        {
          startNm: ParamNumber('illumination.wavelength.startNm'),
          endNm: ParamNumber('illumination.wavelength.endNm'),
          stepNm: ParamNumber('illumination.wavelength.stepNm'),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type IlluminationSpec = Static<typeof IlluminationSpec>;

export const TextureSpec = Type.Object(
  {
    /** 0 planar .. 1 fully randomising (Lambertian) texture. */
    roughnessFactor: ParamNumber('texture.roughnessFactor'),
    /** Name of the thick absorber whose front face is textured. */
    layer: Type.String({ minLength: 1 }),
    /** rms roughness (nm): makes the haze wavelength dependent (scalar scattering theory). */
    rmsRoughnessNm: Type.Optional(ParamNumber('texture.rmsRoughnessNm')),
  },
  { additionalProperties: false },
);
export type TextureSpec = Static<typeof TextureSpec>;

export const DEVICE_SCHEMA_VERSION = 1;

export const DeviceSpec = Type.Object(
  {
    schemaVersion: Type.Literal(1),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Semi-infinite medium the light comes from (e.g. air {kind: 'constant', n: 1, k: 0}). */
    ambient: OpticalModelSpec,
    /** Layers front to back, at least one. */
    layers: Type.Array(DeviceLayerSpec, { minItems: 1, maxItems: 200 }),
    /** Semi-infinite exit medium behind the last layer (e.g. air). */
    substrate: OpticalModelSpec,
    illumination: Type.Optional(IlluminationSpec),
    texture: Type.Optional(TextureSpec),
    /** Present: an electrical (drift-diffusion) simulation of the layers that have `electrical`. */
    electrical: Type.Optional(DeviceElectricalSpec),
  },
  { additionalProperties: false },
);
export type DeviceSpec = Static<typeof DeviceSpec>;

type SchemaNode = {
  type?: string;
  anyOf?: SchemaNode[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean;
  items?: SchemaNode;
};

/** The literal of a union branch's discriminator (`kind` or `type`), if any. */
function discriminator(branch: SchemaNode): { key: string; value: unknown } | undefined {
  for (const key of ['kind', 'type']) {
    const c = branch.properties?.[key]?.const;
    if (c !== undefined) return { key, value: c };
  }
  return undefined;
}

/**
 * Errors of value against a schema node, walking objects, arrays and discriminated unions
 * (`kind` / `type`) so that a union reports only the branch the value chose; the leaves are
 * checked by TypeBox. Paths use the layer names: `layers[2] "MAPbI3".thicknessNm`.
 */
function collectErrors(node: SchemaNode, value: unknown, path: string, out: CheckIssue[]): void {
  const at = path || '(device)';
  // a registered parameter the schema refuses is said in the registry's words, as the engine's
  // check says it (a list or an object there is another branch's, e.g. a tabulated spectrum's)
  const entry = path && (typeof value !== 'object' || value === null) ? paramAt(path) : undefined;
  if (entry && !Value.Check(node as TSchema, value)) {
    const issue = paramIssue(entry, at, value);
    if (issue) {
      out.push(issue);
      return;
    }
  }
  if (node.anyOf) {
    if (Value.Check(node as TSchema, value)) return;
    // a choice of literals (a model, a distribution, the statistics): say that the value given is
    // not one the engine supports, and which are
    if (node.anyOf.every((b) => b.const !== undefined)) {
      out.push(
        notSupported(
          at,
          value,
          node.anyOf.map((b) => b.const),
        ),
      );
      return;
    }
    const obj = value as Record<string, unknown> | null;
    const tagged = node.anyOf.map((b) => ({ b, d: discriminator(b) }));
    if (typeof obj === 'object' && obj !== null && tagged.every((t) => t.d)) {
      const key = tagged[0]!.d!.key;
      const hit = tagged.find((t) => t.d!.value === obj[key]);
      if (!hit) {
        const choices = tagged.map((t) => JSON.stringify(t.d!.value)).join(', ');
        out.push({
          path: `${at}.${key}`,
          message: {
            code: 'check.not-supported',
            params: { got: String(obj[key]), supported: choices },
            text: `must be one of ${choices} (got ${JSON.stringify(obj[key])})`,
          },
        });
        return;
      }
      collectErrors(hit.b, value, path, out);
      return;
    }
    for (const e of Value.Errors(node as TSchema, value)) if (e.keyword !== 'anyOf') out.push(schemaIssue(at, e));
    return;
  }
  if (node.type === 'object' && node.properties) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push({ path: at, message: { code: 'check.not-object', params: {}, text: 'must be an object' } });
      return;
    }
    const obj = value as Record<string, unknown>;
    for (const r of node.required ?? [])
      if (!(r in obj))
        out.push({
          path: `${path ? `${path}.` : ''}${r}`,
          message: { code: 'check.missing', params: {}, text: 'missing' },
        });
    for (const [k, v] of Object.entries(obj)) {
      const sub = node.properties[k];
      const p = path ? `${path}.${k}` : k;
      if (!sub) {
        if (node.additionalProperties === false)
          out.push({
            path: p,
            message: { code: 'check.unknown-field', params: {}, text: 'unknown field, not supported by the engine' },
          });
        continue;
      }
      collectErrors(sub, v, p, out);
    }
    return;
  }
  if (node.type === 'array' && node.items) {
    for (const e of Value.Errors({ ...node, items: {} } as TSchema, value)) out.push(schemaIssue(at, e));
    if (!Array.isArray(value)) return;
    value.forEach((item, i) => {
      let p = `${path}[${i}]`;
      const nm = (item as { name?: unknown } | null)?.name;
      if (path === 'layers' && typeof nm === 'string') p += ` "${nm}"`;
      collectErrors(node.items!, item, p, out);
    });
    return;
  }
  if (node.const !== undefined && value !== node.const) {
    out.push(notSupported(at, value, [node.const]));
    return;
  }
  for (const e of Value.Errors(node as TSchema, value)) out.push(schemaIssue(at, e));
}

/** The schema keywords as the wording of check.schema names them. */
const SCHEMA_RULES: Record<string, string> = {
  const: 'const',
  minItems: 'min-items',
  maxItems: 'max-items',
  minLength: 'min-length',
  maxLength: 'max-length',
  minimum: 'minimum',
  exclusiveMinimum: 'exclusive-minimum',
  maximum: 'maximum',
  exclusiveMaximum: 'exclusive-maximum',
};

/** A TypeBox error as a check issue: its keyword (and for `type`, the type wanted) names the rule. */
function schemaIssue(at: string, e: { keyword: string; params: unknown; message: string }): CheckIssue {
  const params = (e.params ?? {}) as Record<string, unknown>;
  const rule = e.keyword === 'type' ? String(params['type']) : (SCHEMA_RULES[e.keyword] ?? e.keyword);
  const limit = params['limit'];
  return {
    path: at,
    message: {
      code: 'check.schema',
      // a minimum length of 1 is an empty field, said without its number
      params: typeof limit === 'number' && rule !== 'min-length' ? { rule, limit } : { rule },
      text: e.message,
    },
  };
}

/** `...ctDissociation.model: "marcus" is not supported (supported: "onsager-braun")`. */
function notSupported(at: string, value: unknown, choices: unknown[]): CheckIssue {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  const supported = choices.map((c) => JSON.stringify(c)).join(', ');
  return {
    path: at,
    message: {
      code: 'check.not-supported',
      params: { got: shown, supported },
      text: `"${shown}" is not supported (supported: ${supported})`,
    },
  };
}

/**
 * A user (tabulated) spectrum: as many values as wavelengths, wavelengths strictly increasing, and
 * covering the calculation's wavelength range (the engine interpolates it onto that grid and has
 * no light to give outside it). Worded by code (engine-messages/device-check.ts).
 */
function spectrumIssues(spec: DeviceSpec): CheckIssue[] {
  const sp = spec.illumination?.spectrum;
  if (sp?.kind !== 'tabulated') return [];
  const w = sp.wavelengthNm;
  const path = 'illumination.spectrum';
  if (sp.irradianceWm2Nm.length !== w.length)
    return [
      {
        path,
        message: {
          code: 'check.spectrum-length',
          params: { values: sp.irradianceWm2Nm.length, wavelengths: w.length },
          text: `has ${sp.irradianceWm2Nm.length} irradiance values for ${w.length} wavelengths`,
        },
      },
    ];
  for (let i = 1; i < w.length; i++) {
    if (!(w[i]! > w[i - 1]!))
      return [
        {
          path,
          message: {
            code: 'check.spectrum-order',
            params: { before: w[i - 1]!, after: w[i]! },
            text: `wavelengths must increase strictly (${w[i - 1]} then ${w[i]} nm)`,
          },
        },
      ];
  }
  const range = spec.illumination?.wavelength ?? { startNm: 300, endNm: 1600 };
  const gap = spectrumCoverage({ wavelengthNm: w }, range.startNm, range.endNm);
  return gap ? [spectrumCoverageIssue(gap)] : [];
}

const PARAM_CODES: ReadonlySet<string> = new Set(PARAM_CHECK_CODES);

/**
 * Messages naming the field, with layer names: `layers[2] "MAPbI3".thicknessNm: must be > 0`. The
 * electrical values are judged by the engine's check; what runs but may mislead comes back as
 * warnings of a valid device (e.g. Boltzmann statistics in a degenerate layer).
 */
export function checkDeviceSpec(value: unknown): DeviceSpecCheck {
  if (Value.Check(DeviceSpec, value)) {
    const spec = value as DeviceSpec;
    const electrical = checkElectricalIssues(spec);
    const issues = [...spectrumIssues(spec), ...electrical.errors];
    return issues.length
      ? { ok: false, errors: issues.map(checkLine), issues }
      : { ok: true, spec, warnings: electrical.warnings.map(checkLine), warningIssues: electrical.warnings };
  }
  let found: CheckIssue[] = [];
  collectErrors(DeviceSpec as unknown as SchemaNode, value, '', found);
  if (found.length > 0 && found.every((i) => PARAM_CODES.has(i.message.code))) {
    // the shape is right and only registered values break their limits: the engine's check judges
    // the same fields in the same words and adds the rules that couple fields, so the device is
    // refused for everything at once, as the engine alone would refuse it
    const spec = value as DeviceSpec;
    const engine = [...spectrumIssues(spec), ...checkElectricalIssues(spec).errors];
    found = [...engine, ...found];
  }
  // the same line twice (a field reached by two rules) is said once
  const seen = new Set<string>();
  const issues = found.filter((i) => {
    const line = checkLine(i);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
  if (issues.length === 0)
    issues.push({
      path: '(device)',
      message: { code: 'check.schema', params: { rule: 'device' }, text: 'invalid device' },
    });
  return { ok: false, errors: issues.map(checkLine), issues };
}

/**
 * The verdict of checkDeviceSpec: the English lines (`path: text`, for logs and API clients) and
 * the same problems as issues with their codes, in the same order, which the UI words.
 */
export type DeviceSpecCheck =
  | { ok: true; spec: DeviceSpec; warnings: string[]; warningIssues: CheckIssue[] }
  | { ok: false; errors: string[]; issues: CheckIssue[] };
