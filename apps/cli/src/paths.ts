/** The repository's assets/ folder (spectra, n,k tables, public benchmark cases): the workers package finds it. */
export { assetsDir } from '@pvforge/workers';
