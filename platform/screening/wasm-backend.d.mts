import type * as tfjs from '@tensorflow/tfjs';

export function startWasmBackend(): Promise<typeof tfjs>;
