export const ASSET_LOADERS: Record<string, 'text'>;
export function bundleOf(entry: string, outDir?: string): string;
export function buildServer(entry?: string, opts?: { outDir?: string }): Promise<{ out: string; built: boolean }>;
export function bundleBrowserScript(entry: string): Promise<{ code: string; inputs: string[] }>;
