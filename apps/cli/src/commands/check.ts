import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkDeviceSpec, deviceFileParts, wordEngineMessage } from '@pvforge/contracts';
import { checkLine, kRadFromAbsorptionIssues } from '@pvforge/engine';
import type { CheckIssue } from '@pvforge/engine/spec-check';
import { fileAssets } from '@pvforge/workers';

/** The languages the CLI words a device check in (English by default, as logs and scripts read it). */
/** ' (1 warning)', ' (3 warnings)', or nothing. */
const warned = (n: number) => (n === 0 ? '' : ` (${n} warning${n === 1 ? '' : 's'})`);

export type CliLang = 'en' | 'zh';

export interface DeviceCheckLines {
  ok: boolean;
  /** `path: words`, one per problem that refuses the device. */
  errors: string[];
  /** `path: words`, one per value that runs but is implausible or may mislead. */
  warnings: string[];
}

/**
 * One problem as the CLI prints it: the field's path and the rule in the chosen language. In
 * English it is the engine's own line (`path: text`, the words of the server's `errors` and of
 * logs); a registered parameter's words are the registry's in either language (sayVerdict).
 */
export function checkLineIn(issue: CheckIssue, lang: CliLang): string {
  return `${issue.path}: ${lang === 'en' ? issue.message.text : wordEngineMessage(issue.message, 'zh-CN')}`;
}

/**
 * The device check of a DeviceSpec (or a library export {spec, references, notes}) as the CLI
 * prints it: the same check as the server's before it queues a calculation (checkDeviceSpec, then
 * what needs the library's n,k tables: k_rad from a table's absorption).
 */
export function checkDeviceLines(raw: unknown, lang: CliLang = 'en'): DeviceCheckLines {
  const checked = checkDeviceSpec(deviceFileParts(raw).spec);
  if (!checked.ok) return { ok: false, errors: checked.issues.map((i) => checkLineIn(i, lang)), warnings: [] };
  const tables = checked.spec.electrical
    ? kRadFromAbsorptionIssues(checked.spec, fileAssets())
    : { errors: [], warnings: [] };
  if (tables.errors.length) return { ok: false, errors: tables.errors.map((i) => checkLineIn(i, lang)), warnings: [] };
  // the DeviceSpec check warned already of the k_rad it could compute without the tables
  const said = new Set(checked.warningIssues.map(checkLine));
  const warnings = [...checked.warningIssues, ...tables.warnings.filter((w) => !said.has(checkLine(w)))];
  return { ok: true, errors: [], warnings: warnings.map((i) => checkLineIn(i, lang)) };
}

/**
 * `pvforge check <device.json>`: says whether a device would be accepted, without running it.
 * Exit 0 when it is (warnings on stderr), 2 when it is refused or unreadable.
 */
export function runCheck(
  file: string,
  opts: { lang: CliLang; json: boolean },
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): number {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (e) {
    err.write(`check: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const r = checkDeviceLines(raw, opts.lang);
  if (opts.json) out.write(`${JSON.stringify(r, null, 2)}\n`);
  else {
    if (!r.ok) err.write(`check: ${file} is not a valid DeviceSpec (schemaVersion 1):\n`);
    for (const m of r.errors) err.write(`  ${m}\n`);
    for (const w of r.warnings) err.write(`check: warning: ${w}\n`);
    if (r.ok) out.write(`check: ${file} is a valid DeviceSpec${warned(r.warnings.length)}\n`);
  }
  return r.ok ? 0 : 2;
}
