import type * as tfjs from '@tensorflow/tfjs';
import type { NSFWJS } from 'nsfwjs/core';

export function loadFoldedMobileNetV2(tf: typeof tfjs): Promise<NSFWJS>;
export function foldBatchNorms(
  tf: typeof tfjs,
  artifacts: tfjs.io.ModelArtifacts,
): Promise<{ artifacts: tfjs.io.ModelArtifacts; folded: string[] }>;
