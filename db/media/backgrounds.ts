/**
 * What a transparent picture is flattened onto before it is screened, stored and shown (AMENDMENTS §5.4): one fixed
 * colour, so the classifier, the moderator and every user see the same pixels in any theme. Uploads (profile photos,
 * avatars, chat photos) go on white, as the moderator's JPEG always did.
 */
export const UPLOAD_BACKGROUND = '#ffffff';

/** An imported sticker's: a neutral grey that reads on the light and the dark theme alike. */
export const STICKER_BACKGROUND = '#9e9e9e';
