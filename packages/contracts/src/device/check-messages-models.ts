import type { Localized } from '../i18n.js';

/**
 * The words (check-messages.ts) of the exciton and tunnelling models' blocks and choices, in both
 * UI languages: CT-state dissociation and exciton diffusion. Their numbers (separation, decay rate,
 * diffusion length, the tunnel oxide's thickness, barriers and masses, the band-to-band and
 * trap-assisted tunnelling coefficients) are named by the registry's labels; their rules are
 * worded by code in engine-messages/device-check.ts. Kept apart from the transient and ion words
 * so that each model's words live in one place.
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

/** The models' blocks, by their path below the layer. */
export const MODEL_BLOCKS: readonly (readonly [RegExp, Localized])[] = [
  [/^electrical\.ctDissociation$/, L('电荷转移态解离', 'CT-state dissociation')],
  [/^electrical\.excitonDiffusion$/, L('激子扩散', 'exciton diffusion')],
];

/** The models' choices (no parameter), by the block they sit in: the path's first group is the key. */
export const MODEL_CHOICES: readonly (readonly [RegExp, Record<string, Localized>])[] = [
  [
    /^electrical\.ctDissociation\.(\w+)$/,
    {
      model: L('解离模型', 'dissociation model'),
      distribution: L('分离距离分布', 'separation distribution'),
    },
  ],
];
