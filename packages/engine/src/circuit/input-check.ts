/**
 * The physical rules of circuit-model inputs, in one place: the models refuse what breaks them
 * (diode-circuit.ts, models.ts), the fitter its options (fit.ts), and the circuit job check
 * (jobs/circuit-job.ts) lists every problem of a job before anything runs. Every problem is one
 * line "field.path: why (got value)", the path as the user wrote it (e.g. `absorber.thicknessNm`).
 *
 * The rules follow from the equations of diode-circuit.ts and models.ts:
 *   J0 >= 0 (a saturation current is a magnitude; 0 is a diode that is not there, e.g. Auger off),
 *   n > 0 (exp(Vd / (n Vt)) needs it), Rs >= 0, Rsh > 0 (Infinity: no shunt), T > 0 (Vt = kT/q),
 *   absorber thickness, Nc, Nv, Eg > 0 (n_i = sqrt(Nc Nv) exp(-Eg/2kT), J0 = q L n_i y), Jph >= 0
 *   (generated, not consumed), and every number finite. The circuit equation itself holds for any
 *   finite Jph, so the solvers accept a negative one: a fit explores such values when a curve was
 *   measured at very low light.
 */
import { moreEntries, NAMED_ENTRIES } from '../input-lists.js';
import type { EngineMessage } from '../messages/index.js';

/** Bad input of a circuit calculation: every problem, each naming its field. */
export class CircuitInputError extends Error {
  /** One line per problem, "field.path: why (got value)". */
  readonly errors: string[];
  /** Those of the problems that carry a message code, with their path. */
  readonly messages: { path: string; message: EngineMessage }[];
  constructor(errors: string[], messages: { path: string; message: EngineMessage }[] = []) {
    super(errors.join('; '));
    this.name = 'CircuitInputError';
    this.errors = errors;
    this.messages = messages;
  }
}

/** A value as a user would recognise it in a message. */
export function shown(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (x === null) return 'null';
  if (typeof x === 'number') return String(x);
  if (typeof x === 'string') return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}...` : x);
  if (Array.isArray(x)) return `an array of ${x.length}`;
  return typeof x;
}

/** Collects problems as "path: why" lines. */
export class Problems {
  readonly list: string[] = [];
  /** The problems that carry a message code (messages/results.ts), with their path. */
  readonly messages: { path: string; message: EngineMessage }[] = [];

  add(path: string, why: string): void {
    this.list.push(`${path}: ${why}`);
  }

  /** A problem the UI words by its code; its line is the path and the message's English. */
  addMessage(path: string, message: EngineMessage): void {
    this.add(path, message.text);
    this.messages.push({ path, message });
  }

  /** A finite number (any sign); false (and a problem) otherwise. */
  finite(path: string, x: unknown): x is number {
    if (typeof x !== 'number') this.add(path, `must be a number (got ${shown(x)})`);
    else if (!Number.isFinite(x)) this.add(path, `must be a finite number (got ${shown(x)})`);
    else return true;
    return false;
  }

  nonNegative(path: string, x: unknown): void {
    if (this.finite(path, x) && x < 0) this.add(path, `must be >= 0 (got ${x})`);
  }

  positive(path: string, x: unknown): void {
    if (this.finite(path, x) && !(x > 0)) this.add(path, `must be > 0 (got ${x})`);
  }

  /** > 0, Infinity allowed (a shunt resistance: Infinity is no shunt). */
  positiveOrInfinite(path: string, x: unknown): void {
    if (x === Number.POSITIVE_INFINITY) return;
    this.positive(path, x);
  }

  /** Nothing, or > 0. */
  optionalPositive(path: string, x: unknown): void {
    if (x !== undefined) this.positive(path, x);
  }

  /** Nothing, or one of the allowed strings. */
  oneOf(path: string, x: unknown, allowed: readonly string[]): void {
    if (x !== undefined && !allowed.includes(x as string))
      this.add(path, `must be one of ${allowed.join(', ')} (got ${shown(x)})`);
  }

  /** Nothing, or a whole number >= min. */
  wholeNumber(path: string, x: unknown, min: number): void {
    if (x !== undefined && this.finite(path, x) && !(Number.isInteger(x) && x >= min))
      this.add(path, `must be a whole number >= ${min} (got ${x})`);
  }

  /** Nothing, or true or false. */
  optionalBoolean(path: string, x: unknown): void {
    if (x !== undefined && typeof x !== 'boolean') this.add(path, `must be true or false (got ${shown(x)})`);
  }

  /**
   * An array of finite numbers with at least minLength entries; false if it is not an array. The
   * first few bad entries are named, the rest counted (a column of thousands of nulls is one problem).
   */
  finiteArray(path: string, x: unknown, minLength = 1): x is number[] {
    if (!Array.isArray(x)) {
      this.add(path, `must be an array of numbers (got ${shown(x)})`);
      return false;
    }
    if (x.length < minLength) this.add(path, `needs at least ${minLength} values (got ${x.length})`);
    const bad = x.flatMap((v, i) => (typeof v === 'number' && Number.isFinite(v) ? [] : [i]));
    for (const i of bad.slice(0, NAMED_ENTRIES)) this.finite(`${path}[${i}]`, x[i]);
    if (bad.length > NAMED_ENTRIES) this.add(path, moreEntries(bad.length - NAMED_ENTRIES, 'not finite numbers'));
    return true;
  }

  /** An object whose fields can be checked; false (and a problem) otherwise. */
  object(path: string, x: unknown): x is Record<string, unknown> {
    if (typeof x === 'object' && x !== null && !Array.isArray(x)) return true;
    this.add(path, `must be an object (got ${shown(x)})`);
    return false;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new CircuitInputError(this.list, this.messages);
  }
}

type Fields = Record<string, unknown>;
const at = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** What a field may hold; `optional` ones may also be left out. */
type Rule = 'finite' | 'nonNegative' | 'positive' | 'shunt' | 'optionalPositive' | 'optionalNonNegative';
type FieldRules = Readonly<Record<string, Rule>>;

function apply(rules: FieldRules, p: Fields, prefix: string, out: Problems): void {
  for (const [key, rule] of Object.entries(rules)) {
    const path = at(prefix, key);
    const x = p[key];
    if (rule === 'finite') out.finite(path, x);
    else if (rule === 'nonNegative') out.nonNegative(path, x);
    else if (rule === 'positive') out.positive(path, x);
    else if (rule === 'shunt') out.positiveOrInfinite(path, x);
    else if (rule === 'optionalPositive') out.optionalPositive(path, x);
    else if (x !== undefined) out.nonNegative(path, x);
  }
}

const RESISTANCES: FieldRules = { rsOhmCm2: 'nonNegative', rshOhmCm2: 'shunt' };

/** The rules of each model's parameters (models.ts SdmParams, TwoDiodeParams, ModifiedParams, AbsorberProps). */
const SDM: FieldRules = {
  jphMaCm2: 'nonNegative',
  j0MaCm2: 'nonNegative',
  n: 'positive',
  ...RESISTANCES,
  tK: 'positive',
};
const TWO_DIODE: FieldRules = {
  jphMaCm2: 'nonNegative',
  j01MaCm2: 'nonNegative',
  n1: 'optionalPositive',
  j02MaCm2: 'nonNegative',
  n2: 'optionalPositive',
  ...RESISTANCES,
  tK: 'positive',
};
const MODIFIED: FieldRules = {
  jphMaCm2: 'nonNegative',
  yBulkPerS: 'nonNegative',
  uIfPerCm2S: 'nonNegative',
  yAugerPerS: 'nonNegative',
  ...RESISTANCES,
};
const ABSORBER: FieldRules = {
  thicknessNm: 'positive',
  ncCm3: 'positive',
  nvCm3: 'positive',
  egEV: 'positive',
  tK: 'positive',
  nBulk: 'optionalPositive',
  nIf: 'optionalPositive',
  nAuger: 'optionalPositive',
  j0RadMaCm2: 'optionalNonNegative',
};

/** The multi-diode circuit's own fields: the equation holds for any finite photocurrent. */
const CIRCUIT_PHOTOCURRENT: FieldRules = { jphMaCm2: 'finite' };
const DIODE: FieldRules = { j0MaCm2: 'nonNegative', n: 'positive' };
const CIRCUIT: FieldRules = { ...RESISTANCES, vtV: 'positive' };

/**
 * Whether a photocurrent must be generated (>= 0, what a user simulates) or may be any finite
 * number (where the equation is evaluated for a fit).
 */
export type PhotocurrentRule = 'generated' | 'any-finite';

/** Single-diode parameters. */
export function sdmParamProblems(p: Fields, prefix: string, out: Problems, jph: PhotocurrentRule = 'generated'): void {
  apply(jph === 'generated' ? SDM : { ...SDM, jphMaCm2: 'finite' }, p, prefix, out);
}

/** Two-diode parameters. */
export function twoDiodeParamProblems(p: Fields, prefix: string, out: Problems): void {
  apply(TWO_DIODE, p, prefix, out);
}

/** Modified-model parameters. */
export function modifiedParamProblems(p: Fields, prefix: string, out: Problems): void {
  apply(MODIFIED, p, prefix, out);
}

/**
 * Absorber of the modified model. A fit takes the temperature from the job, so there the
 * absorber's own tK may be left out.
 */
export function absorberProblems(a: Fields, prefix: string, out: Problems, tKRequired = true): void {
  apply(tKRequired ? ABSORBER : { ...ABSORBER, tK: 'optionalPositive' }, a, prefix, out);
}

/** The multi-diode circuit (diode-circuit.ts DiodeCircuit). */
export function diodeCircuitProblems(c: Fields, out: Problems): void {
  apply(CIRCUIT_PHOTOCURRENT, c, '', out);
  const diodes = c['diodes'];
  if (!Array.isArray(diodes)) out.add('diodes', `must be an array (got ${shown(diodes)})`);
  else
    diodes.forEach((d: unknown, k) => {
      if (out.object(`diodes[${k}]`, d)) apply(DIODE, d, `diodes[${k}]`, out);
    });
  apply(CIRCUIT, c, '', out);
}

/** Runs one set of rules and throws CircuitInputError with what it found. */
export function check(rules: (out: Problems) => void): void {
  const out = new Problems();
  rules(out);
  out.throwIfAny();
}
