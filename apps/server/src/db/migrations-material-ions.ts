import { type Kysely, type Migration, sql } from 'kysely';

/**
 * 0008: the mobile ions of the seeded perovskites gain their charge and the temperature their
 * diffusion coefficient holds at, now that the engine simulates them (a layer made of the material
 * gets the species as it is stored). The seeding is idempotent by key and never touches a stored
 * material, so public rows seeded before this change keep ions without a sign, which reads as +1:
 * right for MAPbI3's iodide vacancies, wrong for the triple cation's mobile anions. Each row is
 * updated only where its ions (and, separately, its notes) are still word for word what was
 * seeded; an administrator's edit is kept. The added fields get their sources, citing references
 * the rows already hold. Old and new values are frozen here, as a shipped migration must be.
 */

type AnyDb = Kysely<unknown>;

export interface MaterialIonCorrection {
  key: string;
  oldIons: Record<string, number>;
  newIons: Record<string, number>;
  /** Sources of the added fields (reference keys the row already has). */
  sources: Record<string, string>;
  oldNotes: string;
  newNotes: string;
}

export const MATERIAL_ION_CORRECTIONS: readonly MaterialIonCorrection[] = [
  {
    key: 'mapbi3',
    oldIons: { densityCm3: 1.6e19, diffusionCm2PerS: 1.009e-13, activationEnergyEV: 0.58 },
    newIons: {
      densityCm3: 1.6e19,
      diffusionCm2PerS: 1.009e-13,
      sign: 1,
      activationEnergyEV: 0.58,
      referenceTemperatureK: 298,
    },
    sources: { 'ions.sign': 'ionmonger', 'ions.referenceTemperatureK': 'ionmonger' },
    oldNotes:
      "Drift-diffusion set of the MAPbI3(Cl) absorber of Driftfusion's spiro/MAPI/TiO2 device (EA 3.8 eV, IP 5.4 eV); iodide-vacancy density and diffusion coefficient (D = 6.5e-4 cm2/s x exp(-0.58 eV/kT) at 298 K) of the IonMonger default set, activation energy 0.58 eV computed by Eames et al. Model parameters, not measurements of one film; IonMonger's own set (eps 24.1, Eg 1.7 eV, D 1.7 cm2/s) is an alternative.",
    newNotes:
      "Drift-diffusion set of the MAPbI3(Cl) absorber of Driftfusion's spiro/MAPI/TiO2 device (EA 3.8 eV, IP 5.4 eV); iodide-vacancy density and diffusion coefficient (D = 6.5e-4 cm2/s x exp(-0.58 eV/kT) at 298 K) of the IonMonger default set (positive iodide vacancies, its one mobile species), activation energy 0.58 eV computed by Eames et al. Model parameters, not measurements of one film; IonMonger's own set (eps 24.1, Eg 1.7 eV, D 1.7 cm2/s) is an alternative.",
  },
  {
    key: 'csfama',
    oldIons: { densityCm3: 3e15, diffusionCm2PerS: 1.29e-8 },
    newIons: { densityCm3: 3e15, diffusionCm2PerS: 1.29e-8, sign: -1, referenceTemperatureK: 300 },
    sources: { 'ions.sign': 'simsalabim', 'ions.referenceTemperatureK': 'simsalabim' },
    oldNotes:
      "SIMsalabim default perovskite layer (L2): E_c 3.9 eV, E_v 5.53 eV, N_c = N_v = 2.2e24 m^-3, mu 1e-4 m2/Vs, k_direct 1e-17 m3/s; SRH lifetimes from its bulk traps as 1/(C N_t) (N_t 1e20 m^-3, C_n 5e-14, C_p 2e-14 m3/s); ions 3e21 m^-3 with anion mobility 5e-11 m2/Vs, D = mu kT/q at 300 K. The formula is the usual 'Cs5' triple-cation composition, given for orientation; the parameter set is generic.",
    newNotes:
      "SIMsalabim default perovskite layer (L2): E_c 3.9 eV, E_v 5.53 eV, N_c = N_v = 2.2e24 m^-3, mu 1e-4 m2/Vs, k_direct 1e-17 m3/s; SRH lifetimes from its bulk traps as 1/(C N_t) (N_t 1e20 m^-3, C_n 5e-14, C_p 2e-14 m3/s); mobile anions (charge -1) of 3e21 m^-3 with mobility 5e-11 m2/Vs, D = mu kT/q at 300 K (no activation energy given, so D does not follow the device temperature). The formula is the usual 'Cs5' triple-cation composition, given for orientation; the parameter set is generic.",
  },
];

const sameNumbers = (a: unknown, b: Record<string, number>): boolean =>
  typeof a === 'object' &&
  a !== null &&
  !Array.isArray(a) &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([k, v]) => (a as Record<string, unknown>)[k] === v);

function parse(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

interface Row {
  id: number;
  electrical: string;
  sources: string;
  refs: string;
  notes: string | null;
}

export function materialIonsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const c of MATERIAL_ION_CORRECTIONS) {
        const rows = await sql<Row>`select id, electrical, sources, refs, notes from materials
          where ${sql.ref('key')} = ${c.key} and owner_id is null`.execute(db);
        for (const row of rows.rows) {
          const electrical = parse(row.electrical);
          if (electrical && sameNumbers(electrical['ions'], c.oldIons)) {
            const refs = parse(row.refs) ?? {};
            const sources = parse(row.sources) ?? {};
            for (const [field, ref] of Object.entries(c.sources))
              if (Object.hasOwn(refs, ref) && sources[field] === undefined) sources[field] = ref;
            await sql`update materials set electrical = ${JSON.stringify({ ...electrical, ions: c.newIons })},
              sources = ${JSON.stringify(sources)} where id = ${row.id}`.execute(db);
          }
          if (row.notes === c.oldNotes)
            await sql`update materials set notes = ${c.newNotes} where id = ${row.id}`.execute(db);
        }
      }
    },
    async down() {
      // A sign that is not stored reads as +1: taking it away again would only make the triple
      // cation's anions positive.
    },
  };
}
