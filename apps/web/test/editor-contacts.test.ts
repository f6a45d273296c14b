import { readFileSync } from 'node:fs';
import { checkDeviceSpec } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { layerFromMaterial, type MaterialLike } from '../src/components/device-editor/materials';
import {
  blankState,
  contactsFollowLayers,
  type EditorState,
  formToSpec,
  newKey,
  rangeIssues,
  setAt,
  suggestedWavelength,
  suitedContact,
  suitedContacts,
  type TableSpans,
  wavelengthFollowsLayers,
} from '../src/components/device-editor/model';

/** The public library's materials as the server seeds them (assets/materials). */
const library: MaterialLike[] = ['electrode', 'electron', 'hole', 'lead_perovskite'].flatMap((f) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../../assets/materials/${f}.json`, import.meta.url), 'utf8'),
    ) as (MaterialLike & { key: string })[]
  ).map((m) => ({ ...m, uuid: m.key })),
);
const mat = (key: string) => library.find((m) => m.key === key)!;

/** The shipped n,k tables' spans, as the editor reads them from the data route. */
const spans: TableSpans = new Map(
  (
    JSON.parse(readFileSync(new URL('../../../assets/data/nk/index.json', import.meta.url), 'utf8')) as {
      materials: { id: string; wl_min_nm: number; wl_max_nm: number }[];
    }
  ).materials.map((e) => [e.id, { minNm: e.wl_min_nm, maxNm: e.wl_max_nm }]),
);

/** ITO / PTAA / MAPbI3 / C60 / Ag, each picked from the library into a new layer (100 nm, the editor's default). */
function libraryDevice(): EditorState {
  let s = blankState('elec', 'first device');
  const set = (path: string, value: unknown) => {
    s = wavelengthFollowsLayers(s, contactsFollowLayers(s, setAt(s, path, value)), spans);
  };
  ['ito', 'ptaa', 'mapbi3', 'c60', 'ag'].forEach((k, i) => {
    if (i > 0) set('layers', [...s.layers, { ...s.layers[0]!, key: newKey() }]);
    set(`layers.${i}`, { ...layerFromMaterial(mat(k), 100), key: s.layers[i]!.key, coherent: true });
  });
  return s;
}

describe('contacts that suit the layers next to them', () => {
  it('the library device gets work-function contacts at its undoped PTAA and C60', () => {
    const s = libraryDevice();
    expect(s.layers.map((l) => l.name)).toEqual(['ITO', 'PTAA', 'MAPbI3', 'C60', 'Ag']);
    // anode at the front: 0.1 eV above PTAA's valence band edge (2.25 + 3.15 eV); cathode 0.1 eV below C60's conduction band (4.0 eV)
    expect(s.electrical!.contacts).toEqual({
      front: { kind: 'schottky', workFunctionEV: 5.3 },
      back: { kind: 'schottky', workFunctionEV: 4.1 },
      anode: 'front',
    });
    // and the device as submitted carries no warning about its contacts
    const r = checkDeviceSpec(formToSpec(s, 'elec'));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings.filter((w) => w.includes('contacts'))).toEqual([]);
  });

  it('an ohmic contact where the layer is doped for the carrier the contact collects', () => {
    const ptaa = layerFromMaterial(mat('ptaa'), 30);
    expect(suitedContact({ ...ptaa, electrical: { ...ptaa.electrical!, naCm3: 1e18 } }, true)).toEqual({
      kind: 'ohmic',
    });
    // doped with donors it is still no hole contact
    expect(suitedContact({ ...ptaa, electrical: { ...ptaa.electrical!, ndCm3: 1e18 } }, true).kind).toBe('schottky');
    // no band structure yet (a new layer, an electrode): ohmic, the engine's default
    expect(suitedContact(undefined, true)).toEqual({ kind: 'ohmic' });
  });

  it('the engine warns about ohmic contacts on the undoped layers, naming the layer', () => {
    const s = libraryDevice();
    const ohmic = setAt(s, 'electrical.contacts', {
      front: { kind: 'ohmic' },
      back: { kind: 'ohmic' },
      anode: 'front',
    });
    const r = checkDeviceSpec(formToSpec(ohmic, 'elec'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const w = r.warnings.filter((x) => x.startsWith('electrical.contacts.'));
    expect(w).toHaveLength(2);
    expect(w[0]).toMatch(
      /^electrical\.contacts\.front\.kind: \(ohmic\) .* layer "PTAA", 1\.58 eV from its valence band edge/,
    );
    expect(w[1]).toMatch(
      /^electrical\.contacts\.back\.kind: \(ohmic\) .* layer "C60", 0\.95 eV from its conduction band edge/,
    );
  });

  it('contacts the user set stay as set when the layers change; suggested ones follow', () => {
    let s = libraryDevice();
    // the user dopes PTAA: the suggested anode becomes ohmic
    s = contactsFollowLayers(s, setAt(s, 'layers.1.electrical.naCm3', 1e18));
    expect(s.electrical!.contacts.front).toEqual({ kind: 'ohmic' });
    // the user sets the back contact themselves
    s = contactsFollowLayers(s, setAt(s, 'electrical.contacts.back', { kind: 'schottky', workFunctionEV: 4.26 }));
    expect(s.electrical!.contacts.back).toEqual({ kind: 'schottky', workFunctionEV: 4.26 });
    // then changes a layer: nothing is overwritten
    s = contactsFollowLayers(s, setAt(s, 'layers.1.electrical.naCm3', undefined));
    expect(s.electrical!.contacts.back).toEqual({ kind: 'schottky', workFunctionEV: 4.26 });
    expect(s.electrical!.contacts.front).toEqual({ kind: 'ohmic' });
    expect(suitedContacts(s).front).toEqual({ kind: 'schottky', workFunctionEV: 5.3 });
  });
});

describe('the wavelength range and the n,k tables', () => {
  it('a range left as suggested narrows to what every table covers (MAPbI3: 300-900 nm)', () => {
    const s = libraryDevice();
    expect(s.illumination!.wavelength).toEqual({ startNm: 300, endNm: 900, stepNm: 1 });
    expect(rangeIssues(s, spans, 'elec')).toEqual([]);
    expect(suggestedWavelength(blankState('opt', 'x'), spans)).toEqual({ startNm: 300, endNm: 1600, stepNm: 1 });
  });

  it('a range beyond a table without extrapolation names the layer and its span; extrapolation clears it', () => {
    let s = setAt(libraryDevice(), 'illumination.wavelength.endNm', 1600);
    const issues = rangeIssues(s, spans, 'elec');
    // ITO (201-1689 nm) and Ag (300-1700 nm) cover 1600 nm
    expect(issues.map((i) => [i.path, i.layer, i.minNm, i.maxNm, i.endNm])).toEqual([
      ['layers.1.optical', 'PTAA', 300, 1100, 1600],
      ['layers.2.optical', 'MAPbI3', 300, 900, 1600],
      ['layers.3.optical', 'C60', 300, 1100, 1600],
    ]);
    // an electrical run with a given (uniform) generation runs no optics: nothing to refuse, as on the server
    const uniform = setAt(s, 'electrical.generation', { kind: 'uniform', gCm3PerS: 1e21 });
    expect(rangeIssues(uniform, spans, 'elec')).toEqual([]);
    expect(rangeIssues(uniform, spans, 'opt')).toHaveLength(3);
    for (const j of [1, 2, 3]) s = setAt(s, `layers.${j}.optical.extrapolation`, 'hold');
    expect(rangeIssues(s, spans, 'elec')).toEqual([]);
  });

  it('a range the user typed stays when the layers change', () => {
    let s = setAt(libraryDevice(), 'illumination.wavelength.endNm', 800);
    s = wavelengthFollowsLayers(s, setAt(s, 'layers.1.thicknessNm', 20), spans);
    expect(s.illumination!.wavelength!.endNm).toBe(800);
  });
});
