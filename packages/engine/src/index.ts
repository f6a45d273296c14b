/** @pvforge/engine: pure TypeScript physics. No I/O, no Node or DOM APIs. */
export const ENGINE_VERSION = '0.1.0';
export * from './capabilities.js';
export * from './circuit/index.js';
export * from './device/index.js';
export * from './electrical/index.js';
export * from './fit/index.js';
export * from './jobs/circuit-job.js';
export * from './losses/index.js';
export * from './messages/index.js';
export * from './optics/index.js';
export * from './tandem/index.js';
export * from './validation/index.js';
