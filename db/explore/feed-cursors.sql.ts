/*
 * Feed cursors: where the viewer's last walk of one place stopped, so a heavy swiper's next profile does not
 * cost a walk over everyone they already swiped (npm run bench:feed, "10k given, city head").
 *
 * A cursor (viewer, place, band, activeAt, computedAt) says: at computedAt, every candidate of that place more
 * recently active than activeAt was already swiped by the viewer or not showable to them. It stays true while
 *   - a profile becomes showable only with a fresh active_at (triggers of Migration20261122022646: approval,
 *     unban, a new place or birth date set active_at to the clock), and fresh profiles are walked from the top
 *     (the head: active_at after computedAt − MARGIN);
 *   - a profile becomes showable to one viewer only through a reset of that viewer (a block lifted on either
 *     side, their own likes deleted): cursors computed before reset_at + MARGIN are void;
 *   - a change of sex or search settings does both: the profile's active_at is refreshed and its owner reset
 *     (trigger of Migration20261127110000), as it may let others in and the owner see others;
 *   - the band is the one it was computed for (it moves with birthdays).
 * MARGIN covers transactions still open when a walk's snapshot was taken (they commit with an earlier clock);
 * MAX_AGE bounds whatever else might slip through (a profile inserted already approved, a hand edit in SQL).
 */

/** The cursor of the "anywhere" walk (places start at 1). */
export const ANYWHERE = 0;
const MARGIN = `interval '30 seconds'`;
const MAX_AGE = `interval '1 hour'`;
/** An unchanged cursor is rewritten this often, to keep its head short. */
const REFRESH = `interval '10 minutes'`;

/** The viewer's cursors that may be trusted now (named params :me, :from, :to), as `cur`-shaped rows. */
export const validCursors = `
  SELECT c.place_id, c.active_at, c.computed_at FROM feed_cursors c
   WHERE c.viewer_id = :me AND c.band_from = :from AND c.band_to = :to AND c.computed_at > now() - ${MAX_AGE}
     AND c.computed_at > coalesce((SELECT r.reset_at FROM feed_resets r WHERE r.viewer_id = :me), CAST('-infinity' AS timestamptz)) + ${MARGIN}`;

/**
 * The first candidate of one walk given its cursor `cur` (a left-joined row, null for none) and the candidate
 * condition without (`visible`) and with (`unseen`) the hashed exclusion of the viewer's swipes. With a cursor:
 * the head, then onward from the cursor (inclusive: ties of active_at are walked again); both are short, so each
 * row probes the likes index instead of hashing every swipe first. Without one: the full walk with the hash.
 * `head` tells whether the answer came from the head.
 */
export const resumeWalk = (where: string, visible: string, unseen: string) => {
  // OFFSET 0 keeps this a per-row primary-key probe: as an anti-join, a cached generic plan (which assumes an
  // average viewer with a few swipes) would scan all the viewer's likes for every row.
  const probe = `AND NOT EXISTS (SELECT 1 FROM likes s WHERE s.from_id = :me AND s.to_id = p.user_telegram_id OFFSET 0)`;
  return `(
  (SELECT p.user_telegram_id AS id, p.active_at, true AS head FROM profiles p
    WHERE ${where} AND p.active_at > cur.computed_at - ${MARGIN} AND ${visible} ${probe}
    ORDER BY p.active_at DESC LIMIT 1)
  UNION ALL
  (SELECT p.user_telegram_id AS id, p.active_at, false AS head FROM profiles p
    WHERE cur.place_id IS NOT NULL AND ${where} AND p.active_at <= cur.active_at AND ${visible} ${probe}
    ORDER BY p.active_at DESC LIMIT 1)
  UNION ALL
  (SELECT p.user_telegram_id AS id, p.active_at, false AS head FROM profiles p
    WHERE cur.place_id IS NULL AND ${where} AND ${unseen}
    ORDER BY p.active_at DESC LIMIT 1)
  LIMIT 1)`;
};

/**
 * Moves the cursors of the walked places (`walked`: place_id, active_at, head): a place walked to its end gets
 * -infinity, the place of the answer its active_at, unless the answer came from the head (the rest of the head
 * was not walked, so that cursor stays). Writes only what changed, or cursors older than REFRESH.
 */
export const saveCursors = (walked: string) => `
  INSERT INTO feed_cursors AS fc (viewer_id, place_id, band_from, band_to, active_at, computed_at)
  SELECT :me, w.place_id, :from, :to, w.active_at, now()
    FROM (${walked}) w LEFT JOIN cur ON cur.place_id = w.place_id
   WHERE NOT w.head AND (cur.place_id IS NULL OR cur.active_at <> w.active_at OR cur.computed_at < now() - ${REFRESH})
  ON CONFLICT (viewer_id, place_id) DO UPDATE
    SET band_from = excluded.band_from, band_to = excluded.band_to, active_at = excluded.active_at, computed_at = excluded.computed_at`;
