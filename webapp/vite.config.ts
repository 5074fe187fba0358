import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/precompress';

const root = path.dirname(fileURLToPath(import.meta.url));

// The profile card and what the explore screen shares with other screens in one chunk: as a dozen small shared
// chunks they took every connection of the launch, ahead of the first card's photo.
const CARD_MODULES =
  /(webapp[\\/](components[\\/](profile-card|report-dialog|ui[\\/](bottom-sheet|sheet-footer|screen-title|form-controls))|lib[\\/]realtime[\\/]pending-requests|features[\\/]explore[\\/](hooks|lib))|api[\\/]contracts[\\/](privacy|reports))/;
// Start-up's early request for the first card and its photo run before any route: they stay in the initial chunk.
const INITIAL = /(card-image-url|first-card|persisted-card|preload-photo)\.ts$/;
// Start-up's early calls: evaluated before the zod, React and SDK chunks.
const EARLY_GROUP = { name: 'send-early', test: /webapp[\\/](app[\\/]startup[\\/]send-early|lib[\\/]api[\\/]early-requests)\.ts$/ };
const CARD_GROUP = { name: 'profile-card', test: (id: string) => CARD_MODULES.test(id) && !INITIAL.test(id) };

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
    // zod in one chunk, so that the lazily loaded Russian locale does not split its core out of it; its jitless setting
    // rides in that chunk, so no chunk can parse (and probe for eval, which the CSP refuses) before it is set.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            EARLY_GROUP,
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
