import { lazy, type ComponentType } from 'react';

type ScreenModule<P extends object> = { default: ComponentType<P> };

export interface ScreenLoader<P extends object = object> {
  (): Promise<ScreenModule<P>>;
  /** The screen once its module has arrived, else null. */
  loaded(): ComponentType<P> | null;
}

/** A route's dynamic import that remembers its module once it has arrived (start-up may ask for it early). */
export function screenLoader<P extends object = object>(load: () => Promise<ScreenModule<P>>): ScreenLoader<P> {
  let screen: ComponentType<P> | null = null;
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
export function lazyScreen<P extends object = object>(loader: ScreenLoader<P>): ComponentType<P> {
  const Lazy = lazy(loader) as unknown as ComponentType<P>;
  return function Screen(props: P) {
    const Loaded = loader.loaded();
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
