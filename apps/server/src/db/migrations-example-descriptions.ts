import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The public example devices were seeded with descriptions and citations that named repository
 * files and code keys ("assets/data/nk/SOURCES.md", "material keys cds, cdte",
 * "electrical.interfaces[0].tunnelOxide"), which mean nothing on the site. The files now say the
 * same in words (assets/devices, seed/demo-devices.ts); this rewrites the stored examples: in the
 * description, the citation and the spec's own description of a public example, each fragment is
 * replaced where it is still there verbatim. A user's private copy and any other text are kept.
 */

type AnyDb = Kysely<unknown>;

/** The seeded public examples whose texts held such fragments, by name. */
export const EXAMPLE_DEVICE_NAMES: readonly string[] = [
  'CdTe superstrate cell (glass/FTO/CdS/CdTe/Au), optics + drift-diffusion',
  'Organic bulk heterojunction ITO/PEDOT:PSS/P3HT:PC61BM/Al (Onsager-Braun)',
  'Planar bilayer organic cell ITO/PEDOT:PSS/PM6/C60/Al (exciton diffusion)',
  'n-i-p MAPbI3 cell (FTO/TiO2/MAPbI3/Spiro-OMeTAD/Au), optics + drift-diffusion',
  'p-i-n MAPbI3 cell on glass, optics + drift-diffusion',
  'PERC-like silicon cell (SiNx / n+ emitter / p base / Al2O3 / Al), optics + drift-diffusion',
  'TOPCon silicon cell with a SiOx tunnel oxide (SiNx / p+ emitter / n base / SiOx / n+ poly-Si / Ag)',
  'p-i-n MAPbI3 cell on glass',
  'p-i-n MAPbI3 cell with mobile iodide vacancies: J-V hysteresis and impedance',
];

/** Code words -> the same in words, as the shipped files now say it. */
export const EXAMPLE_TEXT_FIXES: readonly { from: string; to: string }[] = [
  { from: ' (material keys cds, cdte)', to: '' },
  { from: ' (material key p3ht_pc61bm)', to: " (the material library's P3HT:PC61BM)" },
  {
    from: "Electrical sets: C60 from the library (c60: SIMsalabim's",
    to: "Electrical sets: C60 from the material library (SIMsalabim's",
  },
  {
    from: 'and C60 from assets/data/nk/SOURCES.md.',
    to: "and C60 from the material library (each material's page names the source of its table).",
  },
  {
    from: 'Values as in assets/materials (keys tio2, mapbi3, spiro_ometad).',
    to: "The material library's TiO2, MAPbI3 and Spiro-OMeTAD carry the same values.",
  },
  {
    from: 'n,k from the material library (assets/data/nk/index.json, sources in nk/SOURCES.md).',
    to: "n,k from the material library (each material's page names the source of its table).",
  },
  {
    from: 'as in the validated case assets/validation/cases/dd/simsalabim-pin-perovskite.json:',
    to: 'as in the validation case of that SIMsalabim device:',
  },
  { from: 'Silicon constants from assets/materials c_si:', to: "Silicon constants of the material library's c-Si:" },
  {
    from: 'listed in assets/validation/cases/dd/analytic-si-np-diode-light.json',
    to: 'listed in the validation case of the analytic silicon n-p diode under light',
  },
  { from: ' (electrical.interfaces[0].tunnelOxide):', to: ' (the tunnel oxide of that interface in the editor):' },
  {
    from: '(assets/data/nk/SOURCES.md lists the source of each table).',
    to: "(each material's page names the source of its table).",
  },
  {
    from: 'optical constants from assets/data/nk/SOURCES.md.',
    to: "optical constants from the material library (each material's page names the source of its table).",
  },
  {
    from: 'Optical constants from assets/data/nk/SOURCES.md.',
    to: "Optical constants from the material library (each material's page names the source of its table).",
  },
];

/** The text with every fragment replaced (unchanged when it holds none). */
export function wordedExampleText(text: string): string {
  let out = text;
  for (const f of EXAMPLE_TEXT_FIXES) out = out.split(f.from).join(f.to);
  return out;
}

export function exampleDescriptionsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const name of EXAMPLE_DEVICE_NAMES) {
        const rows = await sql<{ id: string; spec: string; description: string | null; citation: string | null }>`
          select id, spec, description, citation from devices where is_public = 1 and name = ${name}`.execute(db);
        for (const row of rows.rows) {
          let spec: { description?: unknown };
          try {
            spec = JSON.parse(row.spec) as { description?: unknown };
          } catch {
            continue; // not ours to repair
          }
          const specDescription = typeof spec.description === 'string' ? spec.description : undefined;
          if (specDescription !== undefined) spec.description = wordedExampleText(specDescription);
          const description = row.description === null ? null : wordedExampleText(row.description);
          const citation = row.citation === null ? null : wordedExampleText(row.citation);
          if (description === row.description && citation === row.citation && spec.description === specDescription)
            continue;
          const specText = JSON.stringify(spec);
          await sql`update devices set spec = ${specText}, description = ${description}, citation = ${citation}
            where id = ${row.id}`.execute(db);
        }
      }
    },
    async down() {
      // Putting the file paths back on the site would only undo the repair.
    },
  };
}
