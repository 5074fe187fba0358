import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: '/',
  // Every text asset also as .br and .gz, served by api/precompressed.ts.
  plugins: [react(), precompress()],
  build: {
    outDir: path.resolve(root, '../dist/webapp'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // zod in one chunk, so that the lazily loaded Russian locale does not split its core out of it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/ }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true }, '/cdn': 'http://localhost:3000' } },
});
