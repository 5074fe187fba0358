import { useCallback, useEffect, useMemo, useState } from 'react';

type PhotoState = 'loading' | 'loaded' | 'failed';

/** end-user.md §4 Photo carousel timers and the 50×50 rule. */
const LOADER_HIDE_MS = 2000;
const FORCE_VISIBLE_MS = 3000;
const MARK_LOADED_MS = 5000;
const MIN_IMAGE_SIDE = 50;

interface Photo {
  state: PhotoState;
  /** How many times it was asked for again (part of its URL, so a cached failure is not reused). */
  attempt: number;
}

export interface PhotoStates {
  photos: Photo[];
  /** Indices of the photos that have not failed, in order. */
  valid: number[];
  /** False once 2 s have passed since the photos were (re)requested. */
  loaderAllowed: boolean;
  /** True once 3 s have passed: images show even before they report loaded. */
  forceVisible: boolean;
  onLoad(index: number, image: HTMLImageElement): void;
  onError(index: number): void;
  retryFailed(): void;
  retryAll(): void;
}

/** Load state of each photo: an image under 50×50 or one that errors is failed; the 2/3/5 s timers restart on retry. */
export function usePhotoStates(count: number): PhotoStates {
  const [photos, setPhotos] = useState<Photo[]>(() => Array.from({ length: count }, () => ({ state: 'loading', attempt: 0 })));
  const [round, setRound] = useState(0);
  const [loaderAllowed, setLoaderAllowed] = useState(true);
  const [forceVisible, setForceVisible] = useState(false);

  // The timers of a round; a retry (the only thing starting a new one) resets what they set.
  useEffect(() => {
    const timers = [
      setTimeout(() => setLoaderAllowed(false), LOADER_HIDE_MS),
      setTimeout(() => setForceVisible(true), FORCE_VISIBLE_MS),
      setTimeout(() => setPhotos((list) => list.map((p) => (p.state === 'loading' ? { ...p, state: 'loaded' } : p))), MARK_LOADED_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [round]);

  const settle = useCallback((index: number, state: PhotoState) => {
    setPhotos((list) => list.map((p, i) => (i === index ? { ...p, state } : p)));
  }, []);

  const retry = useCallback((which: (p: Photo) => boolean) => {
    setPhotos((list) => list.map((p) => (which(p) ? { state: 'loading', attempt: p.attempt + 1 } : p)));
    setLoaderAllowed(true);
    setForceVisible(false);
    setRound((r) => r + 1);
  }, []);

  const valid = useMemo(() => photos.flatMap((p, i) => (p.state === 'failed' ? [] : [i])), [photos]);

  return {
    photos,
    valid,
    loaderAllowed,
    forceVisible,
    onLoad: (index, image) =>
      settle(index, image.naturalWidth < MIN_IMAGE_SIDE || image.naturalHeight < MIN_IMAGE_SIDE ? 'failed' : 'loaded'),
    onError: (index) => settle(index, 'failed'),
    retryFailed: () => retry((p) => p.state === 'failed'),
    retryAll: () => retry(() => true),
  };
}
