import {
  type SPECTRUM_IRRADIANCE_UNITS,
  SPECTRUM_TABLE_LIMITS,
  type SPECTRUM_WAVELENGTH_UNITS,
  type SpectrumTableProblem,
  type spectrumCoverage,
} from '@pvforge/engine/spec-check';
import Type, { type Static } from 'typebox';
import { format, type Lang, type Localized } from '../i18n.js';
import { DB_INT_MAX } from '../limits.js';

/**
 * Custom incident spectra of the personal library (issue 16, docs/spectra.md): a user uploads a
 * two-column file (wavelength, spectral irradiance or photon flux) with the units they choose; the
 * engine reads it (parseSpectrumTable) and the server keeps it in nm and W m^-2 nm^-1. Only its
 * owner lists and uses it; an administrator may read or delete any (moderation); anyone else is
 * told "no such spectrum" (4401) so ids cannot be probed.
 */
export const SPECTRUM_LIMITS = { nameMaxChars: 100, perUser: 50 } as const;

export const SpectrumWavelengthUnit = Type.Union([Type.Literal('nm'), Type.Literal('um')]);
export const SpectrumIrradianceUnit = Type.Union([
  Type.Literal('W_m2_nm'),
  Type.Literal('mW_cm2_nm'),
  Type.Literal('W_m2_um'),
  Type.Literal('photons_m2_s_nm'),
]);
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** Compile-time check: the schemas list exactly the engine's units (a unit added there fails here). */
export const SPECTRUM_UNITS_AGREE: Same<
  Static<typeof SpectrumWavelengthUnit>,
  (typeof SPECTRUM_WAVELENGTH_UNITS)[number]
> &
  Same<Static<typeof SpectrumIrradianceUnit>, (typeof SPECTRUM_IRRADIANCE_UNITS)[number]> = true;

export const SpectrumCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SPECTRUM_LIMITS.nameMaxChars }),
    /** The file's text; the engine's size limit applies (SPECTRUM_TABLE_LIMITS.maxChars). */
    text: Type.String({ minLength: 1, maxLength: SPECTRUM_TABLE_LIMITS.maxChars }),
    wavelengthUnit: SpectrumWavelengthUnit,
    irradianceUnit: SpectrumIrradianceUnit,
  },
  { additionalProperties: false },
);
export type SpectrumCreateBody = Static<typeof SpectrumCreateBody>;

export const SpectrumIdBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }) },
  { additionalProperties: false },
);
export type SpectrumIdBody = Static<typeof SpectrumIdBody>;

export const SpectrumItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  points: Type.Integer(),
  fromNm: Type.Number(),
  toNm: Type.Number(),
  /** Integral of the spectral irradiance over the file's range, W m^-2. */
  powerWm2: Type.Number(),
  /** The units the file was uploaded in, e.g. "um, mW_cm2_nm". */
  sourceUnits: Type.String(),
  createdAt: Type.Integer(),
});
export type SpectrumItem = Static<typeof SpectrumItem>;

export const SpectrumListData = Type.Object({ list: Type.Array(SpectrumItem) });
export type SpectrumListData = Static<typeof SpectrumListData>;

export const SpectrumDetail = Type.Object({
  ...SpectrumItem.properties,
  wavelengthNm: Type.Array(Type.Number()),
  irradianceWm2Nm: Type.Array(Type.Number()),
});
export type SpectrumDetail = Static<typeof SpectrumDetail>;

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

type CoverageProblem = NonNullable<ReturnType<typeof spectrumCoverage>>;

const MESSAGES: Record<SpectrumTableProblem['rule'] | CoverageProblem['rule'], Localized> = {
  tooLarge: L('文件过大（{chars} 个字符，最多 {max}）', 'The file is too large ({chars} characters, at most {max})'),
  columns: L(
    '第 {line} 行只有一列：“{text}”（每行应为 波长, 辐照度）',
    'line {line} has one column: "{text}" (each line must be wavelength, irradiance)',
  ),
  number: L('第 {line} 行不是数字：“{text}”', 'line {line} is not a number: "{text}"'),
  tooFew: L('只有 {count} 个数据点，至少需要 {min} 个', 'only {count} data points; at least {min} are needed'),
  tooMany: L('有 {count} 个数据点，最多 {max} 个', '{count} data points; at most {max} are allowed'),
  wavelengthPositive: L('第 {line} 行：波长 {value} 必须大于 0', 'line {line}: wavelength {value} must be > 0'),
  increasing: L(
    '第 {line} 行：波长 {wavelengthNm} nm 不大于上一行的 {previousNm} nm；波长必须严格递增',
    'line {line}: wavelength {wavelengthNm} nm is not greater than {previousNm} nm on the line before; wavelengths must increase strictly',
  ),
  negative: L('第 {line} 行：辐照度 {value} 不能为负数', 'line {line}: irradiance {value} must not be negative'),
  allZero: L('辐照度全为 0，该光谱没有光', 'every irradiance is 0: this spectrum has no light'),
  unit: L('未知单位“{unit}”', 'unknown unit "{unit}"'),
  range: L(
    '光谱覆盖 {fromNm}–{toNm} nm，不能覆盖计算波长范围 {startNm}–{endNm} nm',
    'the spectrum covers {fromNm}-{toNm} nm, not the calculation range {startNm}-{endNm} nm',
  ),
};

/** A spectrum file's (or coverage) problem in the user's language, the same words on web and server. */
export function spectrumProblemText(p: SpectrumTableProblem | CoverageProblem, lang: Lang): string {
  const { rule, ...params } = p;
  return format(MESSAGES[rule][lang], params as Record<string, string | number>);
}

/** Unit labels for the upload form and the stored source units. */
export const SPECTRUM_UNIT_LABELS: Record<string, string> = {
  nm: 'nm',
  um: 'µm',
  W_m2_nm: 'W m⁻² nm⁻¹',
  mW_cm2_nm: 'mW cm⁻² nm⁻¹',
  W_m2_um: 'W m⁻² µm⁻¹',
  photons_m2_s_nm: 'photons m⁻² s⁻¹ nm⁻¹',
};
