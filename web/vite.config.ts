import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = import.meta.dirname;
const coreSource = /[\\/]core[\\/]src[\\/]/;

/** The API server started by `npm run dev` / `npm run serve` (scripts/dev.mjs passes PORT through). */
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: resolve(webRoot, 'dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // The web imports core only through its barrel (core/src/index.ts); core is pure (no module runs
      // anything on import that another module needs), so a core module nobody uses stays out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !coreSource.test(id) },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
