/** The engine's asset files (n,k tables, spectra): one reader for the server, the CLI and the fit threads. */
export { assetsDir, fileAssets } from '@pvforge/workers';
