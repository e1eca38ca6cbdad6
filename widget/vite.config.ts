import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const widgetRoot = import.meta.dirname;

/**
 * The embeddable evolution widget (issue 9), Vite library mode: one ES module
 * `dist/limiar-evolucao.js` (custom element + `mount()`), with the charts (Plotly) in a lazily
 * loaded chunk under `dist/chunks/`. `demo/` is copied as is (`dist/demo.html`, served at
 * `/widget/demo`). See docs/widget.md.
 */
export default defineConfig({
  root: widgetRoot,
  // The widget renders with plain DOM (no React: React alone is ~68 kB gzip of the 80 kB budget,
  // and React hosts would get a second copy); the define stays REQUIRED in library mode (stack.md §6)
  // because bundled libraries (Plotly's chunk) may read process.env.NODE_ENV and browsers have no `process`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: resolve(widgetRoot, 'demo'),
  build: {
    outDir: resolve(widgetRoot, 'dist'),
    emptyOutDir: true,
    // lib mode leaves ES output unminified by default; partner pages download it, so minify
    minify: true,
    lib: {
      entry: resolve(widgetRoot, 'src/index.ts'),
      formats: ['es'],
      fileName: () => 'limiar-evolucao.js',
    },
    rollupOptions: {
      output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true },
    },
  },
});
