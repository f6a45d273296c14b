/**
 * The one judgement of a value against its registry entry, and the one wording of it: the server,
 * the engine, the editor, the material form and the CLI all call these, so the same value is
 * refused (or warned) with the same words everywhere.
 */
import type { Lang, Param } from './types.js';

/** What is wrong with a value, if anything. `limit` is the bound broken. */
export type Verdict =
  | { readonly severity: 'error'; readonly rule: 'not-number' }
  | { readonly severity: 'error'; readonly rule: 'not-integer' }
  | {
      readonly severity: 'error';
      readonly rule: 'below' | 'above';
      readonly limit: number;
      readonly inclusive: boolean;
    }
  | { readonly severity: 'warning'; readonly rule: 'implausible-low' | 'implausible-high'; readonly limit: number };

/**
 * The verdict on one value (undefined: fine). null passes for a nullable entry ("infinite", "none");
 * absence is not judged here (which fields are required is the check's business).
 */
export function judge(p: Param, value: unknown): Verdict | undefined {
  if (value === null && p.nullable) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { severity: 'error', rule: 'not-number' };
  const h = p.hard;
  if (h.min !== undefined && (h.minExclusive ? !(value > h.min) : value < h.min))
    return { severity: 'error', rule: 'below', limit: h.min, inclusive: !h.minExclusive };
  if (h.max !== undefined && (h.maxExclusive ? !(value < h.max) : value > h.max))
    return { severity: 'error', rule: 'above', limit: h.max, inclusive: !h.maxExclusive };
  if (h.integer && !Number.isInteger(value)) return { severity: 'error', rule: 'not-integer' };
  const pl = p.plausible;
  // zero is "off" for the non-negative coefficients (no Auger, no doping): not implausible
  if (pl?.min !== undefined && value < pl.min && !(value === 0 && h.min === 0 && !h.minExclusive))
    return { severity: 'warning', rule: 'implausible-low', limit: pl.min };
  if (pl?.max !== undefined && value > pl.max) return { severity: 'warning', rule: 'implausible-high', limit: pl.max };
  return undefined;
}

/**
 * The label with its symbol, as every surface names a field ('电子迁移率 μn', 'Temperature T'),
 * unless the label says the symbol as a word of its own ('Band-to-band tunnelling A').
 */
export function labelWithSymbol(p: Param, lang: Lang): string {
  const label = p.label[lang];
  return p.symbol && !label.split(/\s+/).includes(p.symbol) ? `${label} ${p.symbol}` : label;
}

/** A number as people write it: 1e-9 and 2.5e+21 in exponent form, 0.35 and 300 plainly. */
export function formatValue(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e5)) {
    const [m, e] = x.toExponential().split('e') as [string, string];
    const mant = Number(Number(m).toPrecision(4));
    return `${mant}e${Number(e)}`;
  }
  return String(Number(x.toPrecision(6)));
}

const withUnit = (x: number, unit: string) => (unit ? `${formatValue(x)} ${unit}` : formatValue(x));

/** The value with its unit, as a sentence shows it ('2e+21 cm⁻³' as '2e21 cm⁻³'). */
export function valueWithUnit(p: Param, x: number): string {
  return withUnit(x, p.unit);
}

/** The plausible range as a sentence shows it ('1e-12 – 1e-3 s', '≥ 2', '≤ 1e5 cm²/(V·s)'). */
export function plausibleRange(p: Param, lang: Lang): string | undefined {
  const pl = p.plausible;
  if (!pl) return undefined;
  const u = p.unit ? ` ${p.unit}` : '';
  if (pl.min !== undefined && pl.max !== undefined) return `${formatValue(pl.min)} – ${formatValue(pl.max)}${u}`;
  if (pl.min !== undefined) return `${lang === 'zh' ? '不低于' : 'at least'} ${formatValue(pl.min)}${u}`;
  if (pl.max !== undefined) return `${lang === 'zh' ? '不高于' : 'at most'} ${formatValue(pl.max)}${u}`;
  return undefined;
}

/** The allowed range as a sentence shows it, or undefined when any finite number is allowed. */
export function hardRange(p: Param, lang: Lang): string | undefined {
  const h = p.hard;
  const u = p.unit ? ` ${p.unit}` : '';
  const lo = h.min === undefined ? undefined : `${h.minExclusive ? '>' : '≥'} ${formatValue(h.min)}`;
  const hi = h.max === undefined ? undefined : `${h.maxExclusive ? '<' : '≤'} ${formatValue(h.max)}`;
  const parts = [lo, hi].filter((s): s is string => s !== undefined);
  const int = h.integer ? (lang === 'zh' ? '整数，' : 'a whole number, ') : '';
  if (parts.length === 0) return h.integer ? int.replace(/[，, ]+$/, '') : undefined;
  return `${int}${parts.join(lang === 'zh' ? ' 且 ' : ' and ')}${u}`;
}

/**
 * The verdict in words, naming the parameter by its label: what is wrong and what is allowed or
 * usual. The field's place (layer name, interface) is said by the caller.
 */
export function sayVerdict(p: Param, v: Verdict, got: unknown, lang: Lang): string {
  const label = p.label[lang];
  const shown = typeof got === 'number' ? valueWithUnit(p, got) : (JSON.stringify(got) ?? String(got));
  const zh = lang === 'zh';
  switch (v.rule) {
    case 'not-number':
      // no value, or no number (NaN, text): a unit after it would read as a measured value
      if (typeof got !== 'number' || Number.isNaN(got))
        return zh
          ? `${label}必须是一个有限的数（未填写或不是数字）`
          : `${label} must be a finite number (not given or not a number)`;
      return zh ? `${label}必须是一个有限的数（收到 ${shown}）` : `${label} must be a finite number (got ${shown})`;
    case 'not-integer':
      return zh ? `${label}必须是整数（收到 ${shown}）` : `${label} must be a whole number (got ${shown})`;
    case 'below':
    case 'above': {
      const allowed = hardRange(p, lang) ?? '';
      return zh
        ? `${label}为 ${shown}，超出允许范围（${allowed}）`
        : `${label} is ${shown}, outside the allowed range (${allowed})`;
    }
    case 'implausible-low':
    case 'implausible-high': {
      const usual = plausibleRange(p, lang) ?? '';
      const why = p.plausible?.why[lang] ?? '';
      return zh
        ? `${label}为 ${shown}，不在常见范围（${usual}）内：${why}`
        : `${label} is ${shown}, outside the usual range (${usual}): ${why}`;
    }
  }
}
