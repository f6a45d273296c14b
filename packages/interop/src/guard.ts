import type { InteropMessage, SourceFile, SourceRef } from './report.js';

/**
 * What every reader refuses before it parses: a file too large to be a device file (a 10 MB upload
 * would only stall the page that parses it) and a file that is not text. SCAPS and SIMsalabim
 * files are a few kB; SCAPS absorption files and SimSS outputs reach a few hundred kB.
 */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

export type FileRefusal = InteropMessage & { source?: SourceRef };

/** The first file that is too large or binary, as the refusal to return; undefined when all are readable. */
export function refuseUnreadable(files: readonly SourceFile[]): FileRefusal | undefined {
  for (const f of files) {
    // a JavaScript string's length counts UTF-16 units: close enough to bytes for a size limit
    if (f.text.length > MAX_FILE_BYTES) {
      const sizeMb = Number((f.text.length / 1024 / 1024).toFixed(1));
      const limitMb = MAX_FILE_BYTES / 1024 / 1024;
      return {
        code: 'import.too-large',
        params: { file: f.name, sizeMb, limitMb },
        text: `${f.name} is ${sizeMb} MB, above the limit of ${limitMb} MB`,
        source: { file: f.name, line: 1 },
      };
    }
    const bad = binaryLine(f.text);
    if (bad !== undefined)
      return {
        code: 'import.binary',
        params: { file: f.name, line: bad },
        text: `${f.name} is not a text file (line ${bad} holds binary bytes)`,
        source: { file: f.name, line: bad },
      };
  }
  return undefined;
}

/**
 * The 1-based line of the first byte no text file holds (NUL, other C0 controls but tab, CR, LF,
 * form feed; the replacement character a failed UTF-8 decode leaves), or undefined.
 */
export function binaryLine(text: string): number | undefined {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if ((c < 32 && c !== 9 && c !== 13 && c !== 12) || c === 0xfffd) return line;
  }
  return undefined;
}
