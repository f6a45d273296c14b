export { assetsDir, fileAssets } from './assets.js';
export { threadEntry } from './thread-entry.js';
export { threadEvaluator } from './thread-evaluator.js';
