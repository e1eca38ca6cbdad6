import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = import.meta.dirname;
const formKit = /[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](field|input|label|banner|checkbox)\.tsx|lib[\\/]use-form\.ts)$/;
const ownScript = /[\\/](core|web)[\\/]src[\\/].*\.tsx?$/;

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
      // The web imports core only through its barrel (core/src/index.ts) and other features only through
      // their index.ts; no TypeScript module of ours runs anything on import that another needs (only
      // stylesheets are imported for their effect), so a module nobody uses stays out of the bundle and
      // a barrel does not drag the rest of its feature into a page's chunk.
      treeshake: { moduleSideEffects: (id: string) => !ownScript.test(id) },
      // The form kit every form page loads (field, input, label, banner, checkbox and the form layer)
      // travels as one small chunk instead of six: fewer responses, fewer bytes of headers per page.
      output: { codeSplitting: { groups: [{ name: 'form-kit', test: formKit, includeDependenciesRecursively: false }] } },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
