// The first card painted from plain DOM before the app's code has run, in the explore screen's final layout and
// with the same (build-named) classes as the React card, so nothing moves when the app takes over (takeOverEarlyCard).
import { CARD_PHOTO_SIZES, cardPhotoSources } from '../components/profile-card/card-image-url';
import { earlyCardTaken } from '../lib/early-card-handoff';
import { cardViewOf, mayBrowse, type EarlyCardView } from './early-card-rule';
import { earlyLayer, element, jsonOf, markEarly } from './early-dom';

function photoOf(view: EarlyCardView): HTMLPictureElement {
  const sources = cardPhotoSources(view.photo);
  const picture = element('picture', '');
  if (sources.avif) {
    const avif = element('source', '');
    Object.assign(avif, { type: 'image/avif', srcset: sources.avif, sizes: CARD_PHOTO_SIZES });
    picture.append(avif);
  }
  const img = element('img', 'photo-carousel_photo photo-carousel_current photo-carousel_visible');
  img.fetchPriority = 'high';
  img.alt = `Фото: ${view.title}`;
  if (sources.webp) Object.assign(img, { srcset: sources.webp, sizes: CARD_PHOTO_SIZES });
  img.src = sources.src;
  picture.append(img);
  return picture;
}

function cardOf(view: EarlyCardView): HTMLElement {
  const details = element('div', 'photo-carousel_overlay', element('h3', 'profile-card_name', view.title));
  if (view.city) details.append(element('p', 'profile-card_city', view.city));
  const carousel = element('div', 'photo-carousel_carousel', element('div', 'photo-carousel_track', photoOf(view)), details);
  const card = element('article', 'profile-card_card', carousel);
  const screen = element('section', 'explore-screen_screen', element('div', 'swipe-deck_live', card));
  return earlyLayer(screen, 'mobile-layout_shell mobile-layout_withBar mobile-layout_headerless');
}

/**
 * Paints the card once the answers allow it and the explore screen's stylesheets are in; nothing otherwise. The
 * screen's chunks and stylesheets (`preload`) are asked for only once the card's photo has been: on a phone's six
 * connections they would otherwise take every one ahead of the card's answer and its photo.
 */
export async function paintEarlyCard(
  answers: Record<'validated' | 'me' | 'status' | 'first', Promise<Response>>,
  preload: () => Promise<void>,
  kept: unknown,
): Promise<HTMLElement | null> {
  // Built as soon as the card is named, so its photo is asked for while the other answers and the stylesheets arrive;
  // the kept card's at once, but it is shown only if the server names the same card (AMENDMENTS §5.7).
  const keptView = cardViewOf({ card: kept });
  const keptLayer = keptView && cardOf(keptView);
  const built = jsonOf(answers.first).then((first) => {
    const view = cardViewOf(first);
    if (view && keptView && keptLayer && view.userId === keptView.userId && view.photo === keptView.photo) return keptLayer;
    return view && cardOf(view);
  });
  const styled = built.then(preload);
  const [validated, me, status] = await Promise.all([answers.validated, answers.me, answers.status].map(jsonOf));
  const layer = await built;
  const none = () => (markEarly('none'), null);
  if (!layer || !mayBrowse({ validated, me, status }) || earlyCardTaken()) return none();
  await styled;
  if (earlyCardTaken()) return none();
  document.body.append(layer);
  markEarly('painted');
  return layer;
}
