/**
 * File names that every OS accepts: Windows forbids < > : " / \ | ? * and control characters,
 * names ending in a dot or space, and the device names CON, PRN, AUX, NUL, COM1-9, LPT1-9 (with
 * any extension); most file systems cap a name at 255 bytes. Letters of every script (Chinese
 * included) are kept.
 */
const RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i;
/** Code points kept of the calculation name: 3 bytes each in UTF-8 for CJK, well under 255 bytes with the suffix. */
const MAX_NAME_CHARS = 60;

export function safeFileStem(name: string, fallback = 'result'): string {
  let s = name
    .normalize('NFC')
    // eslint-style class: control characters, the Windows-forbidden set, and bidi/format characters
    // that could make a name display differently from what it is
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  s = [...s].slice(0, MAX_NAME_CHARS).join('');
  s = s.replace(/[. ]+$/g, '').replace(/^[. ]+/g, '');
  if (!s) return fallback;
  if (RESERVED.test(s.split('.')[0] ?? '')) s = `_${s}`;
  return s;
}

/**
 * Content-Disposition value for a download: an ASCII fallback plus the RFC 5987 UTF-8 form, so
 * that browsers keep Chinese letters of the name.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
