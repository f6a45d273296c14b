import type { Localized } from '../i18n.js';

/**
 * The labels (check-messages.ts) of the exciton and tunnelling models' fields, in both UI
 * languages: CT-state dissociation, exciton diffusion, band-to-band and trap-assisted tunnelling and
 * the tunnel oxide of an interface (their rules are worded by code in engine-messages/device-check.ts).
 * Kept apart from the transient and ion labels so that each model's words live in one place.
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

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
