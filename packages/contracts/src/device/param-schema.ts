import { choiceAt, materialParam, type Param, param } from '@pvforge/params';
import Type, { type TInteger, type TLiteral, type TNumber, type TUnion } from 'typebox';

/**
 * The schema of a registered number: its registry entry's hard limits as JSON-schema bounds
 * (minimum / exclusiveMinimum / maximum / exclusiveMaximum, integer) and its English label and unit
 * as the description, so OpenAPI shows what the engine's check refuses and both say the same. A
 * value the schema refuses is said in the registry's words (checkDeviceSpec). A path without an
 * entry is a programming error (test/params-coverage.test.ts keeps every number registered).
 */
export function ParamNumber(path: string): TNumber | TInteger {
  return numberOf(param(path));
}

const numberOf = (p: Param): TNumber | TInteger =>
  p.hard.integer ? Type.Integer(paramBounds(p)) : Type.Number(paramBounds(p));

/** The JSON-schema keywords of an entry: its hard limits and description. */
export function paramBounds(p: Param): Record<string, unknown> {
  const h = p.hard;
  const out: Record<string, unknown> = { description: p.unit ? `${p.label.en} (${p.unit})` : p.label.en };
  if (h.min !== undefined) out[h.minExclusive ? 'exclusiveMinimum' : 'minimum'] = h.min;
  if (h.max !== undefined) out[h.maxExclusive ? 'exclusiveMaximum' : 'maximum'] = h.max;
  return out;
}

/** The same for a number of a library material, by its `material` key ('ions.densityCm3', 'workFunctionEV'). */
export function MaterialNumber(key: string): TNumber | TInteger {
  const p = materialParam(key);
  if (!p) throw new Error(`no registry entry carries the material field ${key}`);
  return numberOf(p);
}

/**
 * The schema of a registered choice (a registry ChoiceEntry): one of its values, with its English
 * label and the choices as the description. `V` is the entry's value type (the engine's field type).
 */
export function ParamChoice<V extends string>(path: string): TUnion<TLiteral<V>[]> {
  const c = choiceAt(path);
  if (!c) throw new Error(`no registry choice entry for ${path}`);
  return Type.Union(
    c.choices.map((o) => Type.Literal(o.value as V)),
    {
      description: `${c.label.en}: ${c.choices.map((o) => `${o.value} (${o.label.en})`).join(', ')}; default ${c.defaultValue}`,
    },
  );
}
