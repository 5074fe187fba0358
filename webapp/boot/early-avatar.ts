// A chat's avatar as ChatAvatar draws it (webapp/features/chat/components/chat-avatar.tsx), for the early chat paints.
import { LOCK } from '../components/ui/icon-glyphs';
import { initialOf } from '../features/chat/lib/chat-format';
import { element, glyphOf } from './early-dom';

/** Same-origin paths only (/cdn/…): what the page's CSP lets it load, and what the server sends. */
export const isSameOriginPath = (value: unknown): value is string => typeof value === 'string' && /^\/(?!\/)/.test(value);

interface AvatarOptions {
  url: string | null;
  size: number;
  online?: boolean;
  closed?: boolean;
}

export function avatarOf(title: string, { url, size, online = false, closed = false }: AvatarOptions): HTMLElement {
  const avatar = element('span', closed ? 'chat-avatar_avatar chat-avatar_closed' : 'chat-avatar_avatar');
  Object.assign(avatar.style, { width: `${size}px`, height: `${size}px` });
  if (closed) return (avatar.append(glyphOf(LOCK, Math.round(size * 0.46), 2)), avatar);
  avatar.style.fontSize = `${size * 0.42}px`;
  if (url) {
    const img = element('img', 'chat-avatar_image');
    Object.assign(img, { alt: '', decoding: 'sync', src: url });
    img.addEventListener('error', () => (img.style.display = 'none'));
    avatar.append(img);
  }
  const initial = element('span', 'chat-avatar_initial', initialOf(title));
  initial.setAttribute('aria-hidden', 'true');
  avatar.append(initial);
  if (online) avatar.append(element('span', 'chat-avatar_dot'));
  return avatar;
}
