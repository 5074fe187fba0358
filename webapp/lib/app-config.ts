import { APP_VERSION, appConfigFields, type AppConfig } from '../../contracts/app-config';

declare global {
  interface Window {
    /** Written into index.html by the server (api/static.ts). */
    __APP_CONFIG__?: unknown;
  }
}

/** Used when the page was not served by our server (Vite dev, tests). */
const DEFAULT_APP_CONFIG: AppConfig = {
  productName: 'Орбита',
  supportHandle: '@orbita_support',
  channelHandle: null,
  version: APP_VERSION,
  releaseAt: null,
  demo: false,
};

let cached: { source: unknown; config: AppConfig } | null = null;

/** The server's public settings, each field falling back to a default when missing or malformed. */
export function getAppConfig(): AppConfig {
  const source = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  if (cached && cached.source === source) return cached.config;
  const config = { ...DEFAULT_APP_CONFIG };
  for (const [key, value] of Object.entries(appConfigFields(source))) {
    if (value !== '') Object.assign(config, { [key]: value });
  }
  cached = { source, config };
  return config;
}
