/** @pvforge/engine: pure TypeScript physics. No I/O, no Node or DOM APIs. */
export const ENGINE_VERSION = '0.1.0';
export * from './circuit/index.js';
export * from './device/index.js';
export * from './electrical/index.js';
export * from './optics/index.js';
export * from './validation/index.js';
