// Start-up's calls left from the page's inline script (webapp/boot/boot.ts); the API client takes their answers.
// First the start-up calls go out, then start-up runs, while the rest of the code is evaluated.
import './app/startup/send-start-calls';
import './app/startup/begin-startup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepPaletteReadable } from './lib/theme/readable-palette';
import { applyThemeMode, readThemeMode } from './lib/theme/theme-mode';
import './styles/theme.css';

// The remembered light/dark choice before the first paint.
applyThemeMode(readThemeMode());
// Text shades that reach 4.5:1 on whatever palette is in force, followed as it changes.
keepPaletteReadable();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
