/**
 * The engine runs in Node, browsers and Web Workers, so it compiles with neither DOM nor Node types.
 * These are the only host globals it may use; every one of those hosts provides them.
 */
declare const performance: { now(): number };
