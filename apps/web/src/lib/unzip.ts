import type { InteropMessage } from '@pvforge/interop';
import { currentLang } from '../i18n';

/**
 * A zip a user hands over (a SCAPS or SIMsalabim folder, an exported calculation) is unpacked in
 * the page, so a small archive that inflates to gigabytes (a zip bomb) would freeze the tab. The
 * sizes its directory declares are checked before anything is inflated, and the inflation writes
 * into a buffer of the declared size, so what is unpacked is bounded by what was checked: each file
 * at most the interop readers' own limit (MAX_FILE_BYTES), the whole at most ZIP_MAX_TOTAL_BYTES,
 * at most ZIP_MAX_ENTRIES files.
 */
export const ZIP_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 500;

/** A zip refused before unpacking, worded in the UI's language (`message`), with the interop code. */
export class ZipRefused extends Error {
  override name = 'ZipRefused';
  constructor(
    readonly refusal: InteropMessage,
    worded: string,
  ) {
    super(worded);
  }
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/** The entries of `bytes` (a zip named `zipName`) that `keep` wants, or ZipRefused when it is too large. */
export async function unzipLimited(
  bytes: Uint8Array,
  zipName: string,
  keep: (path: string) => boolean = () => true,
): Promise<Record<string, Uint8Array>> {
  const [{ unzipSync }, { MAX_FILE_BYTES, wordInterop }] = await Promise.all([
    import('fflate'),
    import('@pvforge/interop'),
  ]);
  const refuse = (m: InteropMessage): never => {
    throw new ZipRefused(m, wordInterop(m, currentLang()));
  };
  let total = 0;
  let entries = 0;
  return unzipSync(bytes, {
    filter: (f) => {
      if (!keep(f.name)) return false;
      entries += 1;
      total += f.originalSize;
      if (entries > ZIP_MAX_ENTRIES)
        refuse({
          code: 'import.zip-too-many',
          params: { file: zipName, entries: `${ZIP_MAX_ENTRIES}+`, limit: ZIP_MAX_ENTRIES },
          text: `${zipName} holds more than ${ZIP_MAX_ENTRIES} files`,
        });
      if (f.originalSize > MAX_FILE_BYTES)
        refuse({
          code: 'import.too-large',
          params: { file: `${zipName}: ${f.name}`, sizeMb: mb(f.originalSize), limitMb: mb(MAX_FILE_BYTES) },
          text: `${zipName}: ${f.name} is ${mb(f.originalSize)} MB, above the limit of ${mb(MAX_FILE_BYTES)} MB`,
        });
      if (total > ZIP_MAX_TOTAL_BYTES)
        refuse({
          code: 'import.zip-too-large',
          params: { file: zipName, sizeMb: `${mb(total)}+`, limitMb: mb(ZIP_MAX_TOTAL_BYTES) },
          text: `${zipName} unpacks to more than ${mb(ZIP_MAX_TOTAL_BYTES)} MB`,
        });
      return true;
    },
  });
}
