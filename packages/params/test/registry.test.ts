/**
 * The registry as a whole: every entry complete and coherent, every docs anchor real, every
 * material-library field mapped once, the judgement and its words on exemplar values, the values
 * issue 28 found running without a word now refused or warned, and the generated parameter table
 * in step with the registry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LayerElectricalSpec,
  MaterialCtDissociation,
  MaterialElectrical,
  MaterialExciton,
  MaterialIons,
  MaterialTunnelOxide,
} from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_PATH, parameterTable } from '../scripts/parameter-table.js';
import {
  CHOICES,
  choiceAt,
  choiceBeside,
  judge,
  materialParam,
  PARAMS,
  param,
  paramAt,
  paramsUnder,
  sayVerdict,
} from '../src/index.js';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/physics');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const ANCHORS = new Map(
  readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => [f, anchorsOf(readFileSync(join(docsDir, f), 'utf8'))]),
);

/** Everything a user reads of an entry. */
const wordsOf = (p: (typeof PARAMS)[number]) => [
  p.label.zh,
  p.label.en,
  p.tip.zh,
  p.tip.en,
  ...(p.plausible ? [p.plausible.why.zh, p.plausible.why.en] : []),
];

/** Units and physics shorthand that look like camelCase but are what a physicist writes. */
const UNIT_WORDS = new Set(['eV', 'meV', 'kT', 'mV', 'mW', 'kHz']);

/** Field and solver names a user must never read. */
const IDENTIFIERS = new Set(
  PARAMS.flatMap((p) => [p.key, ...(p.engine ? [p.engine.name] : [])])
    // a plain English word ("points", "suns", "reflectance") is fine to read
    .filter((name) => !/^[a-z]+$/.test(name)),
);

describe('registry entries', () => {
  it('has one entry per path', () => {
    const paths = PARAMS.map((p) => p.path);
    expect(paths.length).toBe(new Set(paths).size);
  });

  it.each(PARAMS.map((p) => [p.path, p] as const))('%s is complete and coherent', (_path, p) => {
    for (const w of [p.label.zh, p.label.en, p.tip.zh, p.tip.en, p.symbol, p.group, p.docs])
      expect(w.trim()).not.toBe('');
    if (p.plausible) {
      expect(p.plausible.why.zh.trim()).not.toBe('');
      expect(p.plausible.why.en.trim()).not.toBe('');
      expect(p.plausible.min ?? p.plausible.max).toBeDefined();
    }
    // the Chinese comes in Chinese
    for (const w of [p.label.zh, p.tip.zh]) expect(w).toMatch(/\p{Script=Han}/u);
    // no code identifiers: camelCase or snake_case words, or any field or solver name
    for (const text of wordsOf(p)) {
      const words = text.match(/[\p{L}\p{N}_]+/gu) ?? [];
      for (const w of words) {
        if (!UNIT_WORDS.has(w)) expect(w, `${p.path}: "${w}" in "${text}"`).not.toMatch(/^[a-z]+[A-Z]/);
        expect(w, `${p.path}: "${w}" in "${text}"`).not.toMatch(/[A-Za-z0-9]_[A-Za-z0-9]/);
        expect(IDENTIFIERS.has(w), `${p.path}: "${w}" in "${text}"`).toBe(false);
      }
    }
    // the plausible range lies inside the hard limits
    const h = p.hard;
    const pl = p.plausible;
    for (const x of [pl?.min, pl?.max]) {
      if (x === undefined) continue;
      if (h.min !== undefined) expect(h.minExclusive ? x > h.min : x >= h.min).toBe(true);
      if (h.max !== undefined) expect(h.maxExclusive ? x < h.max : x <= h.max).toBe(true);
    }
    if (pl?.min !== undefined && pl.max !== undefined) expect(pl.min).toBeLessThan(pl.max);
    if (h.min !== undefined && h.max !== undefined) expect(h.min).toBeLessThan(h.max);
    // a logarithmic scale needs a positive lower end: the hard minimum, or (where 0 means "off")
    // the plausible minimum
    if (p.log) {
      expect(h.min, `${p.path}: log without a lower limit`).toBeDefined();
      expect(h.min!).toBeGreaterThanOrEqual(0);
      if (h.min === 0) expect(pl?.min ?? 0, `${p.path}: log axis starts at 0`).toBeGreaterThan(0);
    }
    if (p.defaultValue !== undefined) expect(judge(p, p.defaultValue), `${p.path} default`).toBeUndefined();
    if (p.engine) expect(p.engine.factor).toBeGreaterThan(0);
    for (const other of [p.scaps, p.simsalabim]) {
      if (!other) continue;
      expect(other.key.trim()).not.toBe('');
      expect(Number.isFinite(other.factor) && other.factor > 0).toBe(true);
    }
    expect(p.path.startsWith('material.')).toBe(p.place === 'material');
  });

  it('points every entry at a heading that exists under docs/physics', () => {
    for (const p of PARAMS) {
      const [file, anchor] = p.docs.split('#') as [string, string | undefined];
      const anchors = ANCHORS.get(file);
      expect(anchors, `${p.path}: docs/physics/${file}`).toBeDefined();
      expect(anchor, `${p.path}: ${p.docs} names no heading`).toBeTruthy();
      expect(anchors!.has(anchor!), `${p.path}: no heading #${anchor} in ${file}`).toBe(true);
    }
  });

  it('covers every numeric field of a layer, once in each defect place', () => {
    const layerKeys = Object.keys(LayerElectricalSpec.properties).filter(
      // blocks of their own, and a switch (generatesCarriers) that is no number
      (k) => !['defects', 'ions', 'ctDissociation', 'excitonDiffusion', 'grading', 'generatesCarriers'].includes(k),
    );
    // every other field is a numeric entry or a choice entry (kRadFrom)
    for (const k of layerKeys)
      expect(paramAt(`layers[].electrical.${k}`) ?? choiceAt(`layers[].electrical.${k}`), k).toBeDefined();
    // a graded layer's back-face values are judged by the entry of the parameter they grade
    for (const k of Object.keys(LayerElectricalSpec.properties.grading.properties.back.properties))
      expect(paramAt(`layers[2] "CIGS".electrical.grading.back.${k}`)).toBe(paramAt(`layers[].electrical.${k}`));
    const bulk = paramsUnder('layers[].electrical.defects[].').map((p) => p.key);
    const sheet = paramsUnder('electrical.interfaces[].defects[].').map((p) => p.key);
    expect(bulk.filter((k) => k !== 'densityCm3')).toEqual(sheet.filter((k) => k !== 'densityCm2'));
    expect(bulk).toContain('densityCm3');
    expect(sheet).toContain('densityCm2');
  });

  it('maps every numeric field of a library material to exactly one entry', () => {
    const keys: string[] = [];
    const nested = {
      ions: MaterialIons,
      exciton: MaterialExciton,
      ctDissociation: MaterialCtDissociation,
      tunnelOxide: MaterialTunnelOxide,
    } as const;
    for (const k of Object.keys(MaterialElectrical.properties)) {
      if (k === 'defects') continue; // a list of defects, each judged as a layer's defects
      if (k in nested) {
        // the charge sign and the CT distribution are choices, not numbers
        for (const sub of Object.keys(nested[k as keyof typeof nested].properties))
          if (!['sign', 'distribution'].includes(sub)) keys.push(`${k}.${sub}`);
      } else keys.push(k);
    }
    expect(keys.length).toBeGreaterThan(30);
    for (const k of keys) {
      const owners = PARAMS.filter((p) => p.material === k);
      expect(
        owners.map((p) => p.path),
        `material key ${k}`,
      ).toHaveLength(1);
      expect(materialParam(k)).toBe(owners[0]);
    }
    // and no entry claims a key the library does not have
    for (const p of PARAMS) if (p.material) expect(keys, p.path).toContain(p.material);
  });
});

describe('judging a value', () => {
  const mu = param('layers[].electrical.muNCm2PerVs');
  const nd = param('layers[].electrical.ndCm3');
  const grid = param('electrical.gridPoints');
  const rsh = param('electrical.rshOhmCm2');

  it('refuses below and above the hard limits, a fraction where a whole number is due, and non-numbers', () => {
    expect(judge(mu, 0)).toEqual({ severity: 'error', rule: 'below', limit: 0, inclusive: false });
    expect(judge(mu, 2e6)).toEqual({ severity: 'error', rule: 'above', limit: 1e6, inclusive: true });
    expect(judge(nd, -1)).toEqual({ severity: 'error', rule: 'below', limit: 0, inclusive: true });
    expect(judge(grid, 400.5)).toEqual({ severity: 'error', rule: 'not-integer' });
    expect(judge(grid, 2)?.rule).toBe('below');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '5', null, undefined])
      expect(judge(mu, bad)).toEqual({ severity: 'error', rule: 'not-number' });
  });

  it('warns outside the usual range, passes inside it, and takes zero as "off"', () => {
    expect(judge(mu, 2e5)).toEqual({ severity: 'warning', rule: 'implausible-high', limit: 1e5 });
    expect(judge(mu, 1e-9)).toEqual({ severity: 'warning', rule: 'implausible-low', limit: 1e-8 });
    expect(judge(mu, 20)).toBeUndefined();
    expect(judge(nd, 0)).toBeUndefined();
    expect(judge(nd, 1e5)?.rule).toBe('implausible-low');
    expect(judge(param('layers[].electrical.cnCm6PerS'), 0)).toBeUndefined();
  });

  it('takes null as "none" or "infinite" only where the entry allows it', () => {
    expect(judge(rsh, null)).toBeUndefined();
    expect(judge(param('electrical.contacts.*.sNCmPerS'), null)).toBeUndefined();
    expect(judge(paramAt('electrical.contacts.front.sNCmPerS')!, null)).toBeUndefined();
    expect(judge(mu, null)?.rule).toBe('not-number');
  });

  it('says the verdict in both languages with the label, the value and the range', () => {
    const above = judge(mu, 1e9)!;
    expect(sayVerdict(mu, above, 1e9, 'en')).toBe(
      'Electron mobility is 1e9 cm²/(V·s), outside the allowed range (> 0 and ≤ 1e6 cm²/(V·s))',
    );
    expect(sayVerdict(mu, above, 1e9, 'zh')).toBe('电子迁移率为 1e9 cm²/(V·s)，超出允许范围（> 0 且 ≤ 1e6 cm²/(V·s)）');
    const high = judge(mu, 2e5)!;
    const en = sayVerdict(mu, high, 2e5, 'en');
    expect(en).toContain('outside the usual range (1e-8 – 1e5 cm²/(V·s))');
    expect(en).toContain(mu.plausible!.why.en);
    expect(sayVerdict(mu, high, 2e5, 'zh')).toContain(mu.plausible!.why.zh);
    expect(sayVerdict(grid, judge(grid, 400.5)!, 400.5, 'en')).toBe(
      'Total grid points must be a whole number (got 400.5)',
    );
  });

  it('says a missing value or one that is no number without a unit after it', () => {
    for (const bad of [undefined, null, Number.NaN, '5', 'abc', {}]) {
      const v = judge(mu, bad)!;
      expect(sayVerdict(mu, v, bad, 'en')).toBe(
        'Electron mobility must be a finite number (not given or not a number)',
      );
      expect(sayVerdict(mu, v, bad, 'zh')).toBe('电子迁移率必须是一个有限的数（未填写或不是数字）');
    }
    // an infinite number is a number: it is quoted, with its unit
    const inf = Number.POSITIVE_INFINITY;
    expect(sayVerdict(mu, judge(mu, inf)!, inf, 'en')).toBe(
      'Electron mobility must be a finite number (got Infinity cm²/(V·s))',
    );
  });
});

describe('the values issue 28 found running without a word', () => {
  // [path, value, what the registry does with it]
  const cases: [string, number, 'error' | 'warning'][] = [
    ['layers[].electrical.egEV', 1e-4, 'warning'],
    ['layers[].electrical.egEV', 50, 'error'],
    ['layers[].electrical.ncCm3', 1, 'error'],
    ['layers[].electrical.nvCm3', 1, 'error'],
    ['layers[].electrical.epsR', 1e-3, 'error'],
    ['layers[].electrical.muNCm2PerVs', 1e9, 'error'],
    ['layers[].electrical.muPCm2PerVs', 1e9, 'error'],
    ['layers[].electrical.langevinPrefactor', 50, 'error'],
    // 1e20 times silicon's Auger coefficient (about 1e-30 cm^6/s)
    ['layers[].electrical.cnCm6PerS', 1e-10, 'error'],
    ['layers[].electrical.cpCm6PerS', 1e-10, 'error'],
    ['electrical.temperatureK', 0.01, 'error'],
    ['electrical.temperatureK', 5000, 'error'],
    ['layers[].thicknessNm', 1e-6, 'error'],
    ['layers[].thicknessNm', 1e300, 'error'],
    ['layers[].electrical.ndCm3', 1e300, 'error'],
    ['layers[].electrical.naCm3', 1e300, 'error'],
    ['electrical.contacts.*.workFunctionEV', 20, 'error'],
    ['layers[].electrical.chiEV', -3, 'error'],
  ];
  it.each(cases)('%s = %s is refused or warned (%s)', (path, value, severity) => {
    const p = param(path);
    const v = judge(p, value);
    expect(v?.severity).toBe(severity);
    for (const lang of ['zh', 'en'] as const) expect(sayVerdict(p, v!, value, lang)).toContain(p.label[lang]);
  });
});

describe('choice entries', () => {
  it('are complete: words in both languages, a docs heading that exists, the default among the choices', () => {
    for (const c of CHOICES) {
      for (const w of [c.label, c.tip, ...c.choices.map((o) => o.label)]) {
        expect(w.zh.trim(), c.path).not.toBe('');
        expect(w.en.trim(), c.path).not.toBe('');
      }
      expect(c.choices.map((o) => o.value)).toContain(c.defaultValue);
      expect(new Set(c.choices.map((o) => o.value)).size).toBe(c.choices.length);
      const [file, anchor] = c.docs.split('#');
      expect(ANCHORS.get(file!)?.has(anchor!), `${c.path}: ${c.docs}`).toBe(true);
      expect(paramAt(c.path), `${c.path} is also a numeric entry`).toBeUndefined();
      expect(choiceAt(c.path.replace('[]', '[3]'))).toBe(c);
    }
  });

  it('sit beside the numeric entry they decide about, in its form group, and are fields of the schema', () => {
    for (const c of CHOICES) {
      if (!c.beside) continue;
      expect(param(c.beside).group).toBe(c.group);
      expect(choiceBeside(c.beside)).toBe(c);
    }
    const k = choiceAt('layers[].electrical.kRadFrom')!;
    expect(Object.keys(LayerElectricalSpec.properties)).toContain(k.key);
  });
});

describe('docs/physics/parameters.md', () => {
  it('is what the generator prints', () => {
    const committed = readFileSync(PAGE_PATH, 'utf8');
    expect(
      committed === parameterTable(),
      'docs/physics/parameters.md is out of date: run `npm run parameter-table -w @pvforge/params` and commit it',
    ).toBe(true);
  });
});
