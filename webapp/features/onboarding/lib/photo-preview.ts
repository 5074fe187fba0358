import { allowedImagePath, IMAGE_PATH_PREFIX } from '../../../../contracts/media';

const OWN_PATH = /^\/cdn\/images\/([a-f0-9]+)\/profile$/;

/** Our own profile image URL as the 360 px onboarding preview (end-user.md §7); other URLs as they are. */
export function photoPreviewUrl(url: string): string {
  const id = OWN_PATH.exec(url)?.[1];
  return id && url.startsWith(IMAGE_PATH_PREFIX) ? allowedImagePath(id, 'profile', { w: 360 }) : url;
}
