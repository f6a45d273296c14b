import { FORUM_LIMITS } from '@pvforge/contracts';
import { checkImage, type ImageCheck, type ImageLimits, imageRefusals } from '../uploads/image.js';

export type { ImageCheck } from '../uploads/image.js';

const FORUM_IMAGE_LIMITS: ImageLimits = {
  maxBytes: FORUM_LIMITS.imageMaxBytes,
  maxSidePx: FORUM_LIMITS.imageMaxSidePx,
  maxPixels: FORUM_LIMITS.imageMaxPixels,
};

/** A forum image: PNG, JPEG, GIF or WebP within FORUM_LIMITS (see uploads/image.ts). */
export function checkForumImage(bytes: Buffer): ImageCheck {
  return checkImage(bytes, FORUM_IMAGE_LIMITS);
}

/** The refusal in the reader's language (code 4606's {detail}). */
export const IMAGE_REFUSALS = imageRefusals(FORUM_IMAGE_LIMITS);
