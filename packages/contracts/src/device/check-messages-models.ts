import type { Localized } from '../i18n.js';

/**
 * The catalogue entries (check-messages.ts) of the exciton and tunnelling models: the engine's
 * check lines about CT-state dissociation, exciton diffusion, band-to-band and trap-assisted
 * tunnelling and the tunnel oxide of an interface (packages/engine/src/electrical/input-check.ts),
 * and the labels of their fields, in both UI languages. Kept apart from the transient and ion
 * entries so that each model's words live in one place.
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

const got = (v: string): Localized =>
  v === 'undefined' || v === 'NaN' || v === 'null' ? L('未填写', 'not given') : L(`现为 ${v}`, `got ${v}`);
const withGot = (zh: string, en: string, v: string): Localized => {
  const g = got(v);
  return L(`${zh}（${g['zh-CN']}）`, `${en} (${g.en})`);
};

export const MODEL_TEXTS: { re: RegExp; text: (m: RegExpExecArray) => Localized }[] = [
  {
    re: /^must be "onsager-braun" \(got (.*)\)$/,
    text: (m) =>
      L(
        `不支持解离模型“${m[1]}”，目前只支持 Onsager-Braun`,
        `dissociation model "${m[1]}" is not supported; only Onsager-Braun is`,
      ),
  },
  {
    re: /^must be a separation > 0 and at most 100 nm \(got (.*)\)$/,
    text: (m) => withGot('须大于 0 且不超过 100 nm', 'must be > 0 and at most 100 nm', m[1]!),
  },
  {
    re: /^must be a finite decay rate >= 0 \(got (.*)\)$/,
    text: (m) => withGot('须为不小于 0 的数值', 'must be a number >= 0', m[1]!),
  },
  {
    re: /^must be a yield from 0 to 1 \(got (.*)\)$/,
    text: (m) => withGot('须在 0 到 1 之间', 'must be from 0 to 1', m[1]!),
  },
  {
    re: /^must be "delta" or "gaussian" \(got (.*)\)$/,
    text: (m) =>
      L(
        `不支持分布“${m[1]}”，只能是单一值或高斯分布`,
        `distribution "${m[1]}" is not supported; only a single value or a Gaussian is`,
      ),
  },
  {
    re: /^must be a diffusion length > 0 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  { re: /^must be a lifetime > 0 \(got (.*)\)$/, text: (m) => withGot('须大于 0', 'must be > 0', m[1]!) },
  {
    re: /^give a layer either CT-state dissociation/,
    text: () =>
      L(
        '同一层只能选一种激子模型：共混层用 CT 态解离，平面异质结的一侧用激子扩散',
        'a layer takes one exciton model: CT-state dissociation (a blend) or exciton diffusion (one side of a planar junction)',
      ),
  },
  {
    re: /^needs a bimolecular coefficient \(a Langevin prefactor or k_rad > 0\)/,
    text: () =>
      L(
        '需要双分子复合系数（Langevin 前因子或辐射复合系数大于 0），否则电荷转移态无法解离',
        'needs a bimolecular coefficient (a Langevin prefactor or a radiative coefficient > 0): without one no charge-transfer state dissociates',
      ),
  },
  {
    re: /^touches no other layer with exciton diffusion/,
    text: () =>
      L(
        '相邻层都没有激子扩散，没有给体/受体界面可以分离激子，激子将全部衰减',
        'no neighbouring layer has exciton diffusion, so no donor/acceptor interface splits the excitons: they all decay',
      ),
  },
  {
    re: /^must be a thickness > 0 and at most 10 nm, beyond which nothing tunnels \(got (.*)\)$/,
    text: (m) =>
      withGot(
        '须大于 0 且不超过 10 nm（更厚则无法隧穿）',
        'must be > 0 and at most 10 nm (nothing tunnels through more)',
        m[1]!,
      ),
  },
  {
    re: /^must be a barrier from 0 to 10 eV \(got (.*)\)$/,
    text: (m) => withGot('须在 0 到 10 eV 之间', 'must be from 0 to 10 eV', m[1]!),
  },
  {
    re: /^must be a mass > 0 and at most 10 m0 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0 且不超过 10 m₀', 'must be > 0 and at most 10 m₀', m[1]!),
  },
  {
    re: /^unknown field, not supported by the engine$/,
    text: () => L('引擎不支持此字段（未知字段）', 'unknown field, not supported by the engine'),
  },
  {
    re: /^"(.*)" is not supported \(supported: (.*)\)$/,
    text: (m) => L(`不支持“${m[1]}”（可选：${m[2]}）`, `"${m[1]}" is not supported (supported: ${m[2]})`),
  },
];

const CT_FIELDS: Record<string, Localized> = {
  model: L('解离模型', 'dissociation model'),
  separationNm: L('电荷转移态分离距离 a', 'CT-state separation a'),
  decayRatePerS: L('电荷转移态衰减速率 kf', 'CT-state decay rate kf'),
  directYield: L('与电场无关的解离产额 P₀', 'field-independent yield P₀'),
  distribution: L('分离距离分布', 'separation distribution'),
};
const DIFFUSION_FIELDS: Record<string, Localized> = {
  diffusionLengthNm: L('激子扩散长度 L', 'exciton diffusion length L'),
  lifetimeS: L('激子寿命 τ', 'exciton lifetime τ'),
};
const OXIDE_FIELDS: Record<string, Localized> = {
  thicknessNm: L('隧穿氧化层厚度', 'tunnel oxide thickness'),
  barrierElectronEV: L('电子势垒高度', 'electron barrier height'),
  barrierHoleEV: L('空穴势垒高度', 'hole barrier height'),
  massElectronRel: L('电子隧穿有效质量', 'electron tunnelling mass'),
  massHoleRel: L('空穴隧穿有效质量', 'hole tunnelling mass'),
};
const TUNNEL_LAYER_FIELDS: Record<string, Localized> = {
  btbtACm3PerS: L('带间隧穿系数 A', 'band-to-band tunnelling A'),
  btbtBVPerCm: L('带间隧穿系数 B', 'band-to-band tunnelling B'),
  btbtP: L('带间隧穿指数 P', 'band-to-band tunnelling exponent P'),
  tatMassRel: L('陷阱辅助隧穿有效质量', 'trap-assisted tunnelling mass'),
  langevinPrefactor: L('Langevin 复合前因子', 'Langevin prefactor'),
};

export const MODEL_FIELDS: { re: RegExp; label: (m: RegExpExecArray) => Localized | undefined }[] = [
  { re: /^electrical\.ctDissociation$/, label: () => L('电荷转移态解离', 'CT-state dissociation') },
  { re: /^electrical\.ctDissociation\.(\w+)$/, label: (m) => CT_FIELDS[m[1]!] },
  { re: /^electrical\.excitonDiffusion$/, label: () => L('激子扩散', 'exciton diffusion') },
  { re: /^electrical\.excitonDiffusion\.(\w+)$/, label: (m) => DIFFUSION_FIELDS[m[1]!] },
  {
    re: /^electrical\.(btbtACm3PerS|btbtBVPerCm|btbtP|tatMassRel|langevinPrefactor)$/,
    label: (m) => TUNNEL_LAYER_FIELDS[m[1]!],
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.tunnelOxide$/,
    label: (m) => L(`第 ${Number(m[1]) + 1} 个界面的隧穿氧化层`, `tunnel oxide of interface ${Number(m[1]) + 1}`),
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.tunnelOxide\.(\w+)$/,
    label: (m) => {
      const f = OXIDE_FIELDS[m[2]!];
      return f && L(`第 ${Number(m[1]) + 1} 个界面的${f['zh-CN']}`, `${f.en} of interface ${Number(m[1]) + 1}`);
    },
  },
];
