/**
 * A failed dynamic import (a page chunk the browser could not fetch: the server is down, or a new
 * release replaced the chunk names) is told apart from other errors, because for it "reload" is the
 * whole cure. Browsers word it differently: Chromium "Failed to fetch dynamically imported module",
 * Firefox "error loading dynamically imported module", Safari "Importing a module script failed".
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \S+ failed/i.test(
    message,
  );
}
