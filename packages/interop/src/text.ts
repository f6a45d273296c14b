/**
 * Windows-1252's characters at bytes 0x80-0x9F, where it differs from Latin-1 (a byte missing from
 * the code page stays the control character it is in Latin-1, as the WHATWG decoder keeps it).
 * Decoded here rather than by TextDecoder('windows-1252'): Node's decoder under that label is plain
 * Latin-1, so the CLI and the browser would read a '€' or a curly quote differently.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * The WHATWG decoder that Node and every browser provide as a global; the package compiles without
 * the DOM or Node typings, so its one use is typed here.
 */
declare const TextDecoder: new (label: string, options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

/**
 * A file's bytes as text, the one decoding every edge uses (the browser's drop box, the CLI's
 * import). SCAPS runs on Windows and some of its files are saved in the ANSI code page, where a
 * 'µ' (0xB5) or '°' (0xB0) in a comment is no valid UTF-8: read strictly as UTF-8 those bytes
 * would become replacement characters, which the guard takes for binary and refuses. So a file
 * that is valid UTF-8 is read as UTF-8 (a leading byte-order mark dropped), any other as
 * Windows-1252, where every byte is a character. Binary bytes (NUL and the other controls) survive
 * either decoding, so the guard still names the line that holds them.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let out = '';
    // in slices, so a 4 MB file does not build one character at a time through string concatenation
    for (let i = 0; i < bytes.length; i += 8192) {
      const part = bytes.subarray(i, i + 8192);
      out += String.fromCharCode(
        ...Array.from(part, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b)),
      );
    }
    return out;
  }
}
