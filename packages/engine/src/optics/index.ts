/**
 * Optics of PVForge: spectra, materials, transfer matrix with incoherent layers, texture,
 * absorption profiles and G(x). See docs/physics/optics.md.
 */
export * from '../materials/index.js';
export * from '../spectra/index.js';
export * from '../spectra/table.js';
export * from './device.js';
export * from './errors.js';
export * from './hemispherical.js';
export * from './profile.js';
export * from './simulate.js';
export * from './texture.js';
export * from './tmm.js';
