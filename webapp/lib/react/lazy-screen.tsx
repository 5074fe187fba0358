import { lazy, type ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

export interface ScreenLoader {
  (): Promise<ScreenModule>;
  /** The screen once its module has arrived, else null. */
  loaded(): ComponentType | null;
}

/** A route's dynamic import that remembers its module once it has arrived (start-up may ask for it early). */
export function screenLoader(load: () => Promise<ScreenModule>): ScreenLoader {
  let screen: ComponentType | null = null;
  const run = () =>
    load().then((module) => {
      screen = module.default;
      return module;
    });
  return Object.assign(run, { loaded: () => screen });
}

/**
 * React.lazy over a screenLoader: a screen whose module has already arrived renders at once, with no Suspense
 * fallback (whose replacement React holds back for a while); otherwise it suspends as lazy() does.
 */
export function lazyScreen(loader: ScreenLoader): ComponentType {
  const Lazy = lazy(loader);
  return function Screen() {
    const Loaded = loader.loaded();
    return Loaded ? <Loaded /> : <Lazy />;
  };
}
