/** The product version, shown by the CLI and the API. Kept equal to the root package.json's. */
export const PVFORGE_VERSION = '0.1.0';
