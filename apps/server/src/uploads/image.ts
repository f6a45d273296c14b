import type { FORUM_IMAGE_TYPES } from '@pvforge/contracts';
import { imageSize } from 'image-size';

/** The raster types any upload may be (no SVG: it can carry script). */
export type ImageMime = (typeof FORUM_IMAGE_TYPES)[number];

/** What one kind of upload allows. */
export interface ImageLimits {
  maxBytes: number;
  maxSidePx: number;
  maxPixels: number;
}

export type ImageRefusal = 'empty' | 'too-large' | 'type' | 'unreadable' | 'too-many-pixels';
export type ImageCheck =
  | { ok: true; mime: ImageMime; width: number; height: number }
  | { ok: false; reason: ImageRefusal };

/** The type from the file's own first bytes: the name and the browser's declared type prove nothing. */
function sniff(b: Buffer): ImageMime | undefined {
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
 * An uploaded image is accepted when its bytes are PNG, JPEG, GIF or WebP, it is at most
 * `limits.maxBytes`, and its header gives dimensions within the side and pixel limits (a small
 * compressed file can decode to an enormous bitmap in the reader's browser). Forum images and
 * partner logos both go through here.
 */
export function checkImage(bytes: Buffer, limits: ImageLimits): ImageCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > limits.maxBytes) return { ok: false, reason: 'too-large' };
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
  if (width > limits.maxSidePx || height > limits.maxSidePx || width * height > limits.maxPixels)
    return { ok: false, reason: 'too-many-pixels' };
  return { ok: true, mime, width, height };
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(2));

/** Why an image was refused, in both languages, with the limits of its kind of upload. */
export function imageRefusals(limits: ImageLimits): Record<ImageRefusal, { 'zh-CN': string; en: string }> {
  return {
    empty: { 'zh-CN': '文件为空', en: 'the file is empty' },
    'too-large': {
      'zh-CN': `文件超过 ${mb(limits.maxBytes)} MB`,
      en: `the file is larger than ${mb(limits.maxBytes)} MB`,
    },
    type: { 'zh-CN': '只支持 PNG、JPEG、GIF、WebP 图片', en: 'only PNG, JPEG, GIF and WebP images are accepted' },
    unreadable: {
      'zh-CN': '无法读取图片尺寸，文件可能已损坏',
      en: 'the image size cannot be read; the file may be damaged',
    },
    'too-many-pixels': {
      'zh-CN': `图片过大（每边最多 ${limits.maxSidePx} 像素，总计最多 ${limits.maxPixels / 1e6} 百万像素）`,
      en: `the image is too big (at most ${limits.maxSidePx} pixels a side and ${limits.maxPixels / 1e6} megapixels)`,
    },
  };
}
