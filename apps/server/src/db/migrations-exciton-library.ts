import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0010: the exciton and tunnelling models reach the library that was seeded before them. The
 * seeding is idempotent by key (materials) and by file (example devices) and never touches a stored
 * row, so a platform seeded earlier keeps a P3HT:PC61BM without its CT-state parameters, a SiO2
 * tunnel oxide without its barriers, and two public examples whose descriptions say that exciton
 * dissociation and tunnelling are not modelled. Each row is updated only where it is still what
 * was seeded (the material's notes, the device's name and description word for word); an
 * administrator's edit is kept. Values are frozen here, as a shipped migration must be.
 */

type AnyDb = Kysely<unknown>;

export interface MaterialModelAddition {
  key: string;
  /** Electrical fields added (blocks the stored row does not have yet). */
  electrical: Record<string, unknown>;
  sources: Record<string, string>;
  references: Record<string, string>;
  oldNotes: string | null;
  newNotes: string | null;
}

export const MATERIAL_MODEL_ADDITIONS: readonly MaterialModelAddition[] = [
  {
    key: 'p3ht_pc61bm',
    electrical: { langevinPrefactor: 1, ctDissociation: { separationNm: 1.8, decayRatePerS: 1000000 } },
    sources: {
      langevinPrefactor: 'simsalabim_ob',
      'ctDissociation.separationNm': 'simsalabim_ob',
      'ctDissociation.decayRatePerS': 'simsalabim_ob',
    },
    references: {
      simsalabim_ob:
        'Public SIMsalabim reference case simsalabim-organic-bhj-onsager-braun (assets/validation/cases/dd; SIMsalabim SimSS v5.36, github.com/kostergroup/SIMsalabim, M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022), https://doi.org/10.21105/joss.03727): Onsager-Braun dissociation (C. L. Braun, J. Chem. Phys. 80, 4157 (1984)) with a = 1.8 nm, k_f = 1e6 1/s, one separation distance, and Langevin recombination with prefactor 1 (L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005))',
    },
    oldNotes:
      "Effective-medium electrical set of SIMsalabim's default single-layer bulk-heterojunction device (v3.76: CB 3.0 eV, VB 5.0 eV, Nc 1e26 m^-3, mobilities 1e-7 m2/Vs, k_direct 1e-15 m3/s): a GENERIC polymer:fullerene set, not fitted to P3HT:PC61BM (its effective gap, LUMO(PCBM) - HOMO(P3HT), is nearer 1.1-1.3 eV). Exciton parameters not tabulated.",
    newNotes:
      "Effective-medium electrical set of SIMsalabim's default single-layer bulk-heterojunction device (v3.76: CB 3.0 eV, VB 5.0 eV, Nc 1e26 m^-3, mobilities 1e-7 m2/Vs, k_direct 1e-15 m3/s): a GENERIC polymer:fullerene set, not fitted to P3HT:PC61BM (its effective gap, LUMO(PCBM) - HOMO(P3HT), is nearer 1.1-1.3 eV). CT-state dissociation (a 1.8 nm, k_f 1e6 1/s) and the Langevin prefactor 1 are the model parameters of the SIMsalabim Onsager-Braun reference case, not measured on P3HT:PCBM; with them the Langevin coefficient replaces kRadCm3PerS. Exciton diffusion parameters not tabulated.",
  },
  {
    key: 'sio2_tunnel',
    electrical: { tunnelOxide: { barrierElectronEV: 3.1, barrierHoleEV: 4.5, massElectronRel: 0.4, massHoleRel: 0.4 } },
    sources: {
      'tunnelOxide.barrierElectronEV': 'steinkemper2015',
      'tunnelOxide.barrierHoleEV': 'steinkemper2015',
      'tunnelOxide.massElectronRel': 'steinkemper2015',
      'tunnelOxide.massHoleRel': 'steinkemper2015',
    },
    references: {
      steinkemper2015:
        'R. Steinkemper, F. Feldmann, M. Bivour, M. Hermle, Numerical simulation of carrier-selective electron contacts featuring tunnel oxides, IEEE J. Photovolt. 5, 1348 (2015) - Si/SiO2 barrier heights for electrons and holes and tunnelling masses as used for TOPCon tunnel oxides (docs/physics/tunnelling.md)',
    },
    oldNotes:
      'Optical table only. Listed under electron transport as the ~1.5 nm interfacial oxide of n-type TOPCon (electron-selective) contacts; tunnelling through it is not modelled by the drift-diffusion engine.',
    newNotes:
      'Listed under electron transport as the ~1.5 nm interfacial oxide of n-type TOPCon (electron-selective) contacts. It is not a meshed layer: in a device it is the tunnel oxide of the interface between the silicon and the n+ poly-Si (electrical.interfaces[].tunnelOxide, thickness given there), with these barriers above the silicon conduction-band edge and below its valence-band edge and these tunnelling masses (WKB, docs/physics/tunnelling.md). The optical table is for thermal SiO2.',
  },
];

export interface ExampleDeviceUpdate {
  oldName: string;
  oldDescription: string;
  /** The example as it now ships (assets/devices), name and description included. */
  spec: { name: string; description: string } & Record<string, unknown>;
}

export const EXAMPLE_DEVICE_UPDATES: readonly ExampleDeviceUpdate[] = [
  {
    oldName: 'Organic bulk heterojunction ITO/PEDOT:PSS/P3HT:PC61BM/Al',
    oldDescription:
      "glass 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / P3HT:PC61BM 200 nm / Al 100 nm under AM1.5G (310-900 nm). The blend is one effective medium with the electrical set of SIMsalabim's default single-layer bulk-heterojunction device (M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022), v3.76 device_parameters.txt; model of L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005)): eps 4, CB 3.0 eV, VB 5.0 eV, Nc = Nv = 1e20 cm^-3, mobilities 1e-3 cm^2/Vs, k_direct 1e-9 cm^3/s, contact work functions 5.0 eV (anode) and 3.6 eV (cathode) - a GENERIC polymer:fullerene set, not fitted to P3HT:PCBM (material key p3ht_pc61bm). Exciton dissociation is taken as complete (generation of free pairs from the optical absorption of the blend). ITO, PEDOT:PSS and Al are optical only.",
    spec: {
      schemaVersion: 1,
      name: 'Organic bulk heterojunction ITO/PEDOT:PSS/P3HT:PC61BM/Al (Onsager-Braun)',
      description:
        "glass 1 mm / ITO 150 nm / PEDOT:PSS 40 nm / P3HT:PC61BM 200 nm / Al 100 nm under AM1.5G (310-900 nm). The blend is one effective medium with the electrical set of SIMsalabim's default single-layer bulk-heterojunction device (M. Koopmans, V. M. Le Corre, L. J. A. Koster, J. Open Source Softw. 7, 3727 (2022), v3.76 device_parameters.txt; model of L. J. A. Koster et al., Phys. Rev. B 72, 085205 (2005)): eps 4, CB 3.0 eV, VB 5.0 eV, Nc = Nv = 1e20 cm^-3, mobilities 1e-3 cm^2/Vs, k_direct 1e-9 cm^3/s, contact work functions 5.0 eV (anode) and 3.6 eV (cathode) - a GENERIC polymer:fullerene set, not fitted to P3HT:PCBM (material key p3ht_pc61bm). The optical absorption of the blend makes charge-transfer states that dissociate with the Onsager-Braun probability P(F, T) (C. L. Braun, J. Chem. Phys. 80, 4157 (1984)), separation distance a = 1.8 nm (one value), decay rate k_f = 1e6 1/s, and Langevin recombination (prefactor 1, in place of k_direct) reduced by (1 - P) (Koster et al. 2005) - the exciton set of the SIMsalabim reference case simsalabim-organic-bhj-onsager-braun (SimSS v5.36) that the engine reproduces in its tests. The results show P(x), the generation lost to geminate recombination and the J-V losses split into geminate and bimolecular. ITO, PEDOT:PSS and Al are optical only.",
      ambient: { kind: 'constant', n: 1, k: 0 },
      layers: [
        {
          name: 'glass',
          thicknessNm: 1000000.0,
          coherent: false,
          role: 'substrate',
          optical: { kind: 'table', materialId: 'glass_soda_lime' },
        },
        { name: 'ITO', thicknessNm: 150, role: 'tco', optical: { kind: 'table', materialId: 'ito' } },
        { name: 'PEDOT:PSS', thicknessNm: 40, role: 'htl', optical: { kind: 'table', materialId: 'pedot_pss' } },
        {
          name: 'P3HT:PC61BM',
          thicknessNm: 200,
          role: 'absorber',
          optical: { kind: 'table', materialId: 'p3ht_pc61bm' },
          electrical: {
            epsR: 4,
            chiEV: 3.0,
            egEV: 2.0,
            ncCm3: 1e20,
            nvCm3: 1e20,
            muNCm2PerVs: 0.001,
            muPCm2PerVs: 0.001,
            kRadCm3PerS: 1e-9,
            langevinPrefactor: 1,
            ctDissociation: {
              model: 'onsager-braun',
              separationNm: 1.8,
              decayRatePerS: 1000000.0,
              distribution: 'delta',
            },
          },
          excitonic: true,
        },
        { name: 'Al', thicknessNm: 100, role: 'electrode', optical: { kind: 'table', materialId: 'al' } },
      ],
      substrate: { kind: 'constant', n: 1, k: 0 },
      illumination: {
        spectrum: { kind: 'builtin', id: 'AM1.5G' },
        suns: 1,
        wavelength: { startNm: 310, endNm: 900, stepNm: 5 },
      },
      electrical: {
        contacts: {
          front: { kind: 'schottky', workFunctionEV: 5.0 },
          back: { kind: 'schottky', workFunctionEV: 3.6 },
          anode: 'front',
        },
        temperatureK: 300,
        voltageSweep: { startV: 0, stopV: 1.2, stepV: 0.02 },
        extendToVoc: true,
        generation: { kind: 'optical' },
        gridPoints: 200,
      },
    },
  },
  {
    oldName: 'TOPCon-like silicon cell (SiNx / p+ emitter / n base / SiO2 / n+ poly-Si / Ag)',
    oldDescription:
      'air / SiNx 75 nm / p+ boron emitter 500 nm (Na 1e19) / n-type base 180 um (Nd 1e16, incoherent) / SiO2 tunnel oxide 1.5 nm / n+ poly-Si 100 nm / Ag, AM1.5G 300-1200 nm in 10 nm steps. Structure after the tunnel-oxide passivated contact of F. Feldmann, M. Bivour, C. Reichel, M. Hermle, S. W. Glunz, Sol. Energy Mater. Sol. Cells 120, 270-274 (2014). The drift-diffusion engine has no tunnelling: the electrical domain is the emitter and the base, and the passivating SiO2/poly-Si contact is represented by a low hole recombination velocity (10 cm/s) at the back (electron-collecting) contact; the oxide and poly-Si are optical only (poly-Si n,k: c-Si proxy, no free-carrier absorption). Silicon constants from assets/materials c_si: Nc 2.86e19, Nv 3.10e19 cm^-3, Eg 1.1242 eV (M. A. Green, J. Appl. Phys. 67, 2944 (1990)), eps 11.9, chi 4.05 eV (Sze & Ng 2007), k_rad 4.73e-15 cm^3/s (Trupke et al., J. Appl. Phys. 94, 4930 (2003)), Auger 2.8e-31/9.9e-32 cm^6/s (Dziewior & Schmid, Appl. Phys. Lett. 31, 346 (1977)); doping-dependent mobilities from the Caughey-Thomas/Arora 300 K values listed in assets/validation/cases/dd/analytic-si-np-diode-light.json (N. D. Arora, J. R. Hauser, D. J. Roulston, IEEE Trans. Electron Devices 29, 292 (1982)). Design values (not material constants): doping, SRH lifetime 1 ms in the base, contact recombination velocities.',
    spec: {
      schemaVersion: 1,
      name: 'TOPCon silicon cell with a SiOx tunnel oxide (SiNx / p+ emitter / n base / SiOx / n+ poly-Si / Ag)',
      description:
        "air / SiNx 75 nm / p+ boron emitter 500 nm (Na 1e19) / n-type base 180 um (Nd 1e16, incoherent) / SiOx tunnel oxide 1.5 nm / n+ poly-Si 100 nm (Nd 1e20) / Ag, AM1.5G 300-1200 nm in 10 nm steps. Structure after the tunnel-oxide passivated contact (TOPCon) of F. Feldmann, M. Bivour, C. Reichel, M. Hermle, S. W. Glunz, Sol. Energy Mater. Sol. Cells 120, 270-274 (2014). The 1.5 nm SiOx is an interface between the base and the n+ poly-Si (electrical.interfaces[0].tunnelOxide): electrons and holes cross it by WKB tunnelling averaged over their thermal distribution (Tsu-Esaki), with barriers of 3.1 eV (electrons) and 4.5 eV (holes) above the silicon band edges and tunnelling masses 0.4 m0 (Si/SiO2 values of docs/physics/tunnelling.md; contacts simulated so by R. Steinkemper et al., IEEE J. Photovolt. 5, 1348 (2015)). The oxide passes electrons (a few mOhm cm^2) and its larger hole barrier blocks holes: a selective, passivating rear contact; the 1.5 nm layer is left out of the optical stack. Silicon constants from assets/materials c_si: Nc 2.86e19, Nv 3.10e19 cm^-3, Eg 1.1242 eV (M. A. Green, J. Appl. Phys. 67, 2944 (1990)), eps 11.9, chi 4.05 eV (Sze & Ng 2007), k_rad 4.73e-15 cm^3/s (Trupke et al., J. Appl. Phys. 94, 4930 (2003)), Auger 2.8e-31/9.9e-32 cm^6/s (Dziewior & Schmid, APL 31, 346 (1977)); doping-dependent mobilities from the Caughey-Thomas/Arora 300 K values listed in assets/validation/cases/dd/analytic-si-np-diode-light.json (Arora et al., IEEE Trans. Electron Devices 29, 292 (1982)). Design values (not material constants): doping, SRH lifetimes (1 ms in the base, 1 ns in the poly-Si), the poly-Si mobilities (90 and 50 cm^2/Vs, heavily doped silicon), the front contact's recombination velocity. No band-gap narrowing and no pinholes are modelled, so the Voc runs higher than measured TOPCon cells.",
      ambient: { kind: 'constant', n: 1, k: 0 },
      layers: [
        { name: 'SiNx', thicknessNm: 75, role: 'arc', optical: { kind: 'table', materialId: 'sinx' } },
        {
          name: 'p+ emitter',
          thicknessNm: 500,
          role: 'absorber',
          optical: { kind: 'table', materialId: 'c_si' },
          electrical: {
            epsR: 11.9,
            chiEV: 4.05,
            egEV: 1.1242,
            ncCm3: 2.86e19,
            nvCm3: 3.1e19,
            muNCm2PerVs: 114.1,
            muPCm2PerVs: 68.8,
            kRadCm3PerS: 4.73e-15,
            cnCm6PerS: 2.8e-31,
            cpCm6PerS: 9.9e-32,
            tauNS: 1e-5,
            tauPS: 1e-5,
            naCm3: 1e19,
          },
        },
        {
          name: 'n base',
          thicknessNm: 180000,
          coherent: false,
          role: 'absorber',
          optical: { kind: 'table', materialId: 'c_si' },
          electrical: {
            epsR: 11.9,
            chiEV: 4.05,
            egEV: 1.1242,
            ncCm3: 2.86e19,
            nvCm3: 3.1e19,
            muNCm2PerVs: 1218.4,
            muPCm2PerVs: 437.5,
            kRadCm3PerS: 4.73e-15,
            cnCm6PerS: 2.8e-31,
            cpCm6PerS: 9.9e-32,
            tauNS: 0.001,
            tauPS: 0.001,
            ndCm3: 1e16,
          },
        },
        {
          name: 'n+ poly-Si',
          thicknessNm: 100,
          role: 'etl',
          optical: { kind: 'table', materialId: 'c_si' },
          electrical: {
            epsR: 11.9,
            chiEV: 4.05,
            egEV: 1.1242,
            ncCm3: 2.86e19,
            nvCm3: 3.1e19,
            kRadCm3PerS: 4.73e-15,
            cnCm6PerS: 2.8e-31,
            cpCm6PerS: 9.9e-32,
            ndCm3: 1e20,
            muNCm2PerVs: 90.0,
            muPCm2PerVs: 50.0,
            tauNS: 1e-9,
            tauPS: 1e-9,
          },
        },
        { name: 'Ag', thicknessNm: 1000, role: 'electrode', optical: { kind: 'table', materialId: 'ag' } },
      ],
      substrate: { kind: 'constant', n: 1, k: 0 },
      illumination: {
        spectrum: { kind: 'builtin', id: 'AM1.5G' },
        suns: 1,
        wavelength: { startNm: 300, endNm: 1200, stepNm: 10 },
      },
      electrical: {
        contacts: { front: { kind: 'ohmic', sNCmPerS: 100000.0 }, back: { kind: 'ohmic' }, anode: 'front' },
        temperatureK: 300,
        voltageSweep: { startV: 0, stopV: 0.78, stepV: 0.01 },
        extendToVoc: true,
        generation: { kind: 'optical' },
        gridPoints: 300,
        interfaces: [
          {
            between: ['n base', 'n+ poly-Si'],
            tunnelOxide: {
              thicknessNm: 1.5,
              barrierElectronEV: 3.1,
              barrierHoleEV: 4.5,
              massElectronRel: 0.4,
              massHoleRel: 0.4,
            },
          },
        ],
      },
    },
  },
];

function parse(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface MaterialRow {
  id: number;
  electrical: string;
  sources: string;
  refs: string;
  notes: string | null;
}

/**
 * Gives public rows the added fields, each only while its notes are still the seeded ones and it has
 * none of the added fields (an administrator's edit is kept); later migrations reuse it with their
 * own frozen additions.
 */
export async function addMaterialModels(db: AnyDb, additions: readonly MaterialModelAddition[]): Promise<void> {
  for (const c of additions) {
    const rows = await sql<MaterialRow>`select id, electrical, sources, refs, notes from materials
      where ${sql.ref('key')} = ${c.key} and owner_id is null`.execute(db);
    for (const row of rows.rows) {
      if (row.notes !== c.oldNotes) continue;
      const electrical = parse(row.electrical) ?? {};
      if (Object.keys(c.electrical).some((k) => Object.hasOwn(electrical, k))) continue;
      const sources = { ...(parse(row.sources) ?? {}), ...c.sources };
      const refs = { ...(parse(row.refs) ?? {}), ...c.references };
      await sql`update materials set electrical = ${JSON.stringify({ ...electrical, ...c.electrical })},
        sources = ${JSON.stringify(sources)}, refs = ${JSON.stringify(refs)}, notes = ${c.newNotes}
        where id = ${row.id}`.execute(db);
    }
  }
}

/**
 * A migration that only adds cited values to public library rows (addMaterialModels' guard). Its
 * down step keeps them: taking sourced values away again would only leave the library poorer.
 */
export function materialAdditionsMigration(additions: readonly MaterialModelAddition[]): Migration {
  return {
    async up(db: AnyDb) {
      await addMaterialModels(db, additions);
    },
    async down() {
      // Kept: see above.
    },
  };
}

export function excitonLibraryMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await addMaterialModels(db, MATERIAL_MODEL_ADDITIONS);
      for (const d of EXAMPLE_DEVICE_UPDATES) {
        // a seeded example's citation is its description (the files carry their sources there)
        await sql`update devices set name = ${d.spec.name}, spec = ${JSON.stringify(d.spec)},
          description = ${d.spec.description},
          citation = case when citation = ${d.oldDescription} then ${d.spec.description} else citation end
          where is_public = 1 and name = ${d.oldName} and description = ${d.oldDescription}`.execute(db);
      }
    },
    async down() {
      // Taking the models' parameters away again would only bring back texts that are now false.
    },
  };
}
