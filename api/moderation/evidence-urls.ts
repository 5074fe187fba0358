import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to a deleted photo kept as evidence works: a moderation screen's session, not longer. */
const EVIDENCE_URL_TTL_S = 15 * 60;

export interface EvidenceUrls {
  /** The link staff get for report `reportId`'s evidence photo: `/cdn/evidence/{id}?exp=…&sig=…`. */
  urlOf(reportId: number, now?: number): string;
  /** Whether a link's signature is ours and it has not expired. */
  valid(reportId: number, exp: string | undefined, sig: string | undefined, now?: number): boolean;
}

/**
 * Signed, expiring links to evidence photos (AMENDMENTS §5.5): only the moderation reports list hands them out, to
 * staff, so the photo is readable by staff only, through the moderation screens. Keyed from the bot token (the
 * secret every process of one deployment shares), under a label of its own.
 */
export function evidenceUrls(botToken: string): EvidenceUrls {
  const key = createHmac('sha256', 'evidence-url').update(botToken).digest();
  const sign = (reportId: number, exp: number) => createHmac('sha256', key).update(`${reportId}.${exp}`).digest('base64url');
  return {
    urlOf(reportId, now = Date.now()) {
      const exp = Math.floor(now / 1000) + EVIDENCE_URL_TTL_S;
      return `/cdn/evidence/${reportId}?exp=${exp}&sig=${sign(reportId, exp)}`;
    },
    valid(reportId, exp, sig, now = Date.now()) {
      const expires = Number(exp);
      if (!sig || !Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
      const wanted = Buffer.from(sign(reportId, expires));
      const given = Buffer.from(sig);
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}
