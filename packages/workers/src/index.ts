export { assetsDir, fileAssets } from './assets.js';
export { threadEntry } from './thread-entry.js';
export { type FitThreadPool, fitThreadPool, threadEvaluator } from './thread-evaluator.js';
