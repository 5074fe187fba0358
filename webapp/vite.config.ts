import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineBoot } from '../scripts/inline-boot';
import { precompress } from '../scripts/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));

// The profile card and what the explore screen shares with other screens in one chunk: as a dozen small shared
// chunks they took every connection of the launch, ahead of the first card's photo.
const CARD_MODULES =
  /(webapp[\\/](components[\\/](profile-card|report-dialog|ui[\\/](bottom-sheet|sheet-footer|screen-title|form-controls))|lib[\\/]realtime[\\/]pending-requests|features[\\/]explore[\\/](hooks|lib))|api[\\/]contracts[\\/](privacy|reports))/;
// Start-up's early request for the first card and its photo run before any route: they stay in the initial chunk.
const INITIAL = /(card-image-url|first-card|persisted-card|preload-photo)\.ts$/;
const CARD_GROUP = { name: 'profile-card', test: (id: string) => CARD_MODULES.test(id) && !INITIAL.test(id) };

export default defineConfig({
  root,
  base: '/',
  // Every text asset also as .br and .gz, served by api/precompressed.ts.
  // The page's inline script: start-up's calls and the explore screen's first card before the app's chunks (webapp/boot).
  plugins: [react(), inlineBoot(path.resolve(root, 'boot/boot.ts')), precompress()],
  // Class names the plain-DOM first card (webapp/boot/early-card.ts) can name: the file's name and the class's.
  css: { modules: { generateScopedName: (name: string, file: string) => `${path.basename(file.split('?')[0]!, '.module.css')}_${name}` } },
  build: {
    outDir: path.resolve(root, '../dist/webapp'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // zod in one chunk, so that the lazily loaded Russian locale does not split its core out of it; its jitless setting
    // rides in that chunk, so no chunk can parse (and probe for eval, which the CSP refuses) before it is set.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]v4[\\/](core[\\/]|classic[\\/]|locales[\\/]en\.)|webapp[\\/]lib[\\/]zod-jitless\.ts$/,
            },
            CARD_GROUP,
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/ws': { target: 'ws://localhost:3000', ws: true }, '/cdn': 'http://localhost:3000' },
  },
});
