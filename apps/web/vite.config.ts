import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API target can be moved (e.g. to a mock while the server is down) without editing this file.
const apiTarget = process.env.PVFORGE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // '@pvforge/source' first so that @pvforge/contracts resolves to its TypeScript source (no build needed).
    conditions: ['@pvforge/source', 'module', 'browser', 'development|production'],
  },
  server: {
    proxy: {
      '/calc': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/calc': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json maps pages to chunks: scripts/bundle-report.ts reads it for BENCHMARKS.md.
    manifest: true,
    // antd alone is several hundred kB; routes are split with React.lazy, so the warning would only be noise.
    chunkSizeWarningLimit: 1200,
  },
});
