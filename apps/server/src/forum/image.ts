import { type FORUM_IMAGE_TYPES, FORUM_LIMITS } from '@pvforge/contracts';
import { imageSize } from 'image-size';

export type ImageCheck =
  | { ok: true; mime: (typeof FORUM_IMAGE_TYPES)[number]; width: number; height: number }
  | { ok: false; reason: 'empty' | 'too-large' | 'type' | 'unreadable' | 'too-many-pixels' };

/** The type from the file's own first bytes: the name and the browser's declared type prove nothing. */
function sniff(b: Buffer): (typeof FORUM_IMAGE_TYPES)[number] | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 6 &&
    (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'image/gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/**
 * An uploaded forum image is accepted when its bytes are PNG, JPEG, GIF or WebP, it is at most
 * FORUM_LIMITS.imageMaxBytes, and its header gives dimensions within the side and pixel limits
 * (a small compressed file can decode to an enormous bitmap in the reader's browser).
 */
export function checkForumImage(bytes: Buffer): ImageCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > FORUM_LIMITS.imageMaxBytes) return { ok: false, reason: 'too-large' };
  const mime = sniff(bytes);
  if (!mime) return { ok: false, reason: 'type' };
  let width: number | undefined;
  let height: number | undefined;
  try {
    const size = imageSize(bytes);
    width = size.width;
    height = size.height;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!width || !height) return { ok: false, reason: 'unreadable' };
  if (
    width > FORUM_LIMITS.imageMaxSidePx ||
    height > FORUM_LIMITS.imageMaxSidePx ||
    width * height > FORUM_LIMITS.imageMaxPixels
  )
    return { ok: false, reason: 'too-many-pixels' };
  return { ok: true, mime, width, height };
}

/** The refusal in the reader's language (code 4606's {detail}). */
export const IMAGE_REFUSALS: Record<Exclude<ImageCheck, { ok: true }>['reason'], { 'zh-CN': string; en: string }> = {
  empty: { 'zh-CN': '文件为空', en: 'the file is empty' },
  'too-large': {
    'zh-CN': `文件超过 ${FORUM_LIMITS.imageMaxBytes / 1024 / 1024} MB`,
    en: `the file is larger than ${FORUM_LIMITS.imageMaxBytes / 1024 / 1024} MB`,
  },
  type: { 'zh-CN': '只支持 PNG、JPEG、GIF、WebP 图片', en: 'only PNG, JPEG, GIF and WebP images are accepted' },
  unreadable: {
    'zh-CN': '无法读取图片尺寸，文件可能已损坏',
    en: 'the image size cannot be read; the file may be damaged',
  },
  'too-many-pixels': {
    'zh-CN': `图片过大（每边最多 ${FORUM_LIMITS.imageMaxSidePx} 像素，总计最多 ${FORUM_LIMITS.imageMaxPixels / 1e6} 百万像素）`,
    en: `the image is too big (at most ${FORUM_LIMITS.imageMaxSidePx} pixels a side and ${FORUM_LIMITS.imageMaxPixels / 1e6} megapixels)`,
  },
};
