// The explore screen's chunks and stylesheets, named by the build (scripts/inline-boot.ts): asked for by the page
// itself on a launch into explore, not after start-up's answers; the route's own import then finds them loaded.
declare const __EXPLORE_ASSETS__: { js: string[]; css: string[] };

const assets = typeof __EXPLORE_ASSETS__ === 'undefined' ? { js: [], css: [] } : __EXPLORE_ASSETS__;

function link(rel: string, href: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  document.head.append(element);
  return element;
}

/** Preloads the chunks and applies the stylesheets; resolves once the stylesheets are in (or failed). */
export function preloadExploreAssets(): Promise<void> {
  for (const href of assets.js) link('modulepreload', href);
  const sheets = assets.css.map(
    (href) =>
      new Promise<void>((resolve) => {
        const sheet = link('stylesheet', href);
        sheet.onload = sheet.onerror = () => resolve();
      }),
  );
  return Promise.all(sheets).then(() => undefined);
}
