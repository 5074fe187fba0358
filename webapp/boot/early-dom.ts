// The plain DOM of the page's early paints (the first card, the chat list, a chat): elements with the React
// components' build-named classes (webapp/vite.config.ts), the layer over the page that the app takes over from
// (lib/early-card-handoff.ts), and when a paint is on screen.
import { EARLY_CARD_ID } from '../lib/early-card-handoff';

/** A copy of an answer's JSON body (the API client reads the answer itself); null unless it came back 2xx. */
export const jsonOf = (answer: Promise<Response>): Promise<unknown> =>
  answer.then((response) => (response.ok ? response.clone().json() : null)).catch(() => null);

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An svg with one path, its attributes as the React components write them. */
export function svgOf(path: string, attributes: Record<string, string | number>): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, String(value));
  const shape = document.createElementNS(SVG, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** An icon as components/ui/icon.tsx draws it: stroked (or filled), decorative. */
export function glyphOf(path: string, size: number, strokeWidth: number | 'filled' = 1.8): SVGSVGElement {
  const box = { width: size, height: size, viewBox: '0 0 24 24' };
  if (strokeWidth === 'filled') return svgOf(path, { ...box, fill: 'currentColor', 'aria-hidden': 'true' });
  const stroke = { stroke: 'currentColor', 'stroke-width': strokeWidth, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  return svgOf(path, { ...box, fill: 'none', ...stroke, 'aria-hidden': 'true' });
}

/** The mobile frame (`shellClasses` as MobileLayout draws it for the route) around `screen`, in a layer over the page. */
export function earlyLayer(screen: Node, shellClasses: string): HTMLElement {
  // A div, not a second main landmark: the layer is a picture of the screen, hidden from assistive technology.
  const shell = element('div', shellClasses, element('div', 'mobile-layout_content', screen));
  shell.dataset.layout = 'mobile';
  const layer = element('div', '', shell);
  layer.id = EARLY_CARD_ID;
  layer.setAttribute('aria-hidden', 'true');
  // Its links and buttons are pictures too: never focused.
  layer.inert = true;
  // The CSSOM, not a style attribute: the page's CSP allows no inline styles.
  Object.assign(layer.style, { position: 'fixed', inset: '0', zIndex: '40', pointerEvents: 'none' });
  return layer;
}

/** The outcome, for the browser journeys to wait on: 'none' when the answers allow no early paint. */
export const markEarly = (outcome: 'none' | 'painted') => (document.documentElement.dataset.earlyCard = outcome);

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves once the layer's images in view have been decoded and a frame with them drawn (or they failed). */
export async function onScreen(layer: HTMLElement | null): Promise<void> {
  if (!layer) return;
  const inView = [...layer.querySelectorAll('img')].filter((img) => img.getBoundingClientRect().top < window.innerHeight);
  await Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
  await frame();
  await frame();
}

/** Resolves once the page's stylesheets are in (or failed): a paint measured or drawn before would be unstyled. */
export function stylesheetsIn(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  const loaded = (link: HTMLLinkElement) =>
    new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
  return Promise.all(pending.map(loaded)).then(() => undefined);
}
