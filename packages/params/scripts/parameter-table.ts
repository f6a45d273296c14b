/**
 * Writes docs/physics/parameters.md from the registry: one table per place with each parameter's
 * symbol, words, unit, allowed and usual range, scale, and its names in SCAPS-1D and SIMsalabim
 * files. The page is generated so that it cannot drift from what the checks apply; a test
 * (test/registry.test.ts) fails when the committed page differs from what this prints.
 *
 * Usage: `npm run parameter-table -w @pvforge/params` (writes the page), `-- --stdout` prints it.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CHOICES,
  type Choice,
  formatValue,
  hardRange,
  type OtherToolName,
  PARAMS,
  type Param,
  type Place,
  plausibleRange,
} from '../src/index.js';

export const PAGE_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/physics/parameters.md');

const PLACES: readonly { place: Place; title: string; intro: string }[] = [
  { place: 'layer', title: 'Layer', intro: 'Per layer: `layers[].thicknessNm` and `layers[].electrical`.' },
  {
    place: 'defect',
    title: 'Defects',
    intro:
      'A defect of a layer (`layers[].electrical.defects[]`, per volume) or a sheet of an interface (`electrical.interfaces[].defects[]`, per area).',
  },
  { place: 'ions', title: 'Mobile ions', intro: 'Up to two species per layer (`layers[].electrical.ions[]`).' },
  {
    place: 'exciton',
    title: 'Excitons',
    intro: 'Exciton diffusion (planar heterojunctions) or CT-state dissociation (blends) of a layer.',
  },
  {
    place: 'interface',
    title: 'Interfaces',
    intro: 'Between two electrical layers (`electrical.interfaces[]`), with thermionic emission and a tunnel oxide.',
  },
  { place: 'contact', title: 'Contacts', intro: 'The front and back contacts (`electrical.contacts.front`, `.back`).' },
  { place: 'device', title: 'Device', intro: 'The device as a whole (`electrical`).' },
  { place: 'sweep', title: 'Voltage sweep', intro: 'The J-V sweep and the biases whose profiles are kept.' },
  {
    place: 'analysis',
    title: 'Analyses',
    intro: 'EQE, transients, impedance, C-V, C-f and the tandem current matching.',
  },
  { place: 'illumination', title: 'Illumination', intro: 'The light (`illumination`).' },
  { place: 'material', title: 'Material library only', intro: 'Carried by a library material, not by a device.' },
];

/** A table cell: no line breaks, pipes escaped. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function otherTool(n: OtherToolName | undefined): string {
  if (!n) return '–';
  const unit = n.unit ? ` (${n.unit})` : '';
  const factor = n.factor === 1 ? '' : ` × ${formatValue(n.factor)}`;
  return `\`${n.key}\`${unit}${factor}${n.note ? ' ¹' : ''}`;
}

function row(p: Param): string {
  const cells = [
    `\`${p.path}\``,
    p.symbol,
    `${p.label.zh} / ${p.label.en}`,
    p.unit || '–',
    hardRange(p, 'en') ?? 'any finite number',
    (plausibleRange(p, 'en') ?? '–') + (p.nullable ? '; empty = none / infinite' : ''),
    p.log ? 'log' : 'linear',
    otherTool(p.scaps),
    otherTool(p.simsalabim),
    `[${p.docs}](${p.docs})`,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

function notes(params: readonly Param[]): string[] {
  const out: string[] = [];
  for (const p of params) {
    if (p.scaps?.note) out.push(`- \`${p.path}\`, SCAPS-1D: ${p.scaps.note}.`);
    if (p.simsalabim?.note) out.push(`- \`${p.path}\`, SIMsalabim: ${p.simsalabim.note}.`);
  }
  return out;
}

function choiceRow(c: Choice): string {
  const cells = [
    `\`${c.path}\``,
    `${c.label.zh} / ${c.label.en}`,
    c.choices.map((o) => `\`${o.value}\` (${o.label.zh} / ${o.label.en})`).join(', '),
    `\`${c.defaultValue}\``,
    `[${c.docs}](${c.docs})`,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

/** The whole page, as committed. */
export function parameterTable(): string {
  const lines = [
    '# Device parameters',
    '',
    '<!-- Generated from packages/params by `npm run parameter-table -w @pvforge/params`: do not edit by hand. -->',
    '',
    'Every numeric parameter of a device, as the registry `@pvforge/params` describes it and every',
    'surface applies it (the editor, the material form, the server, the command line and the engine).',
    'A value outside the **allowed** range is refused before a job is queued; a value outside the',
    '**usual** range runs, with a warning that gives the reason. Zero is allowed where it switches a',
    'model off (no doping, no Auger recombination) even when the usual range starts above it.',
    '',
    'The SCAPS-1D column gives the key of a 3.3.x `.def` file and its unit, the SIMsalabim column the',
    'name in its 5.x parameter files (`simulation_setup.txt`, `L*_parameters.txt`) and its unit: our',
    'value = their value × the factor shown. ¹ marks a mapping that is not one to one; the notes under',
    'each table say how. The few settings that are a choice rather than a number follow the table of',
    'their place.',
    '',
  ];
  for (const { place, title, intro } of PLACES) {
    const params = PARAMS.filter((p) => p.place === place);
    const choices = CHOICES.filter((c) => c.place === place);
    if (params.length === 0 && choices.length === 0) continue;
    lines.push(`## ${title}`, '', intro, '');
    lines.push(
      '| Field | Symbol | Label (zh / en) | Unit | Allowed | Usual | Scale | SCAPS-1D | SIMsalabim | Explained in |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const p of params) lines.push(row(p));
    const n = notes(params);
    if (n.length > 0) lines.push('', 'Notes:', '', ...n);
    if (choices.length > 0) {
      lines.push('', 'Settings that are a choice rather than a number:', '');
      lines.push('| Field | Label (zh / en) | Choices | Default | Explained in |', '| --- | --- | --- | --- | --- |');
      for (const c of choices) lines.push(choiceRow(c));
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const page = parameterTable();
  if (process.argv.includes('--stdout')) process.stdout.write(page);
  else {
    writeFileSync(PAGE_PATH, page);
    console.log(`wrote ${PAGE_PATH} (${PARAMS.length} parameters)`);
  }
}
