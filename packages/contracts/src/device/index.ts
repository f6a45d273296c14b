export * from './check-messages.js';
export * from './device-file.js';
export * from './device-spec.js';
export * from './device-spec-electrical.js';
export * from './field-path.js';
export * from './param-schema.js';
