import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { sqlOf } from '../kysely';
import { dropUnusedImages } from '../media/unused-images';
import { evidencePrefix, imagePrefix, masterKey } from '../media/renditions';
import type { Storage } from '../media/storage';

/** A photo kept as evidence: its master is copied to `key` and its public files go. */
interface Evidence {
  imageId: string;
  key: string;
}

interface Withdrawal {
  evidence: Evidence[];
  dropped: string[];
}

/**
 * Marks the photo as evidence of the open reports that hold it (their context's `evidenceKey`, a fresh key under
 * evidencePrefix that nobody outside staff learns), unless a message still shows it. Answers the key, or null.
 */
async function keepAsEvidence(tx: EntityManager, imageId: string): Promise<string | null> {
  const fresh = `${evidencePrefix(imageId)}${randomBytes(16).toString('hex')}.webp`;
  const rows = await sqlOf(tx)
    .updateTable('reports as r')
    .set({ context: sql`jsonb_set(r.context, '{evidenceKey}', COALESCE(r.context -> 'evidenceKey', to_jsonb(${fresh}::text)))` })
    .where('r.status', '=', 'PENDING')
    .where(sql<boolean>`r.context ->> 'photoImageId' = ${imageId}`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('messages as m').select('m.id').where('m.photo_image_id', '=', imageId))))
    .returning(sql<string>`r.context ->> 'evidenceKey'`.as('key'))
    .execute();
  return rows[0]?.key ?? null;
}

/** Decides in the caller's transaction what becomes of each photo: dropped (row gone, files queued), evidence, or still shown. */
async function decide(tx: EntityManager, imageIds: string[]): Promise<Withdrawal> {
  const dropped = await dropUnusedImages(tx, imageIds);
  const evidence: Evidence[] = [];
  for (const imageId of imageIds.filter((id) => !dropped.includes(id))) {
    const key = await keepAsEvidence(tx, imageId);
    if (key) evidence.push({ imageId, key });
  }
  return { evidence, dropped };
}

/** The files' part, once the rows are committed: public files go at once, an evidence copy is kept first. */
async function moveFiles(storage: Storage, { evidence, dropped }: Withdrawal): Promise<void> {
  for (const imageId of dropped) await storage.delete(imagePrefix(imageId));
  for (const { imageId, key } of evidence) {
    const master = await storage.get(masterKey(imageId));
    if (master && !(await storage.exists(key))) await storage.put(key, master);
    await storage.delete(imagePrefix(imageId));
  }
}

/**
 * The photos of deleted messages (AMENDMENTS §5.5), called once the messages no longer refer to them: each stops
 * being served at its public address at once. A photo an open report holds is kept as evidence, readable by staff only
 * (api/moderation/evidence.routes.ts) until the report is decided (dropEvidenceOf); any other is deleted, unless
 * something else still shows it (another message, a profile photo). Without `storage` the files go with the queued job.
 */
export async function withdrawPhotos(em: EntityManager, storage: Storage | undefined, imageIds: readonly string[]): Promise<void> {
  const ids = [...new Set(imageIds)];
  if (ids.length === 0) return;
  const withdrawal = await em.transactional((tx) => decide(tx, ids));
  // The deletion holds whatever the storage says: a dropped photo's files are also queued for removal.
  if (storage) await moveFiles(storage, withdrawal).catch(() => undefined);
}

/**
 * Once reports are decided (in the deciding transaction): the photos they held as evidence are deleted, with their
 * evidence copies (the queued file removal), unless a message still shows them or another open report holds them.
 * Answers the ids deleted (removeFilesOf removes their files at once after the commit).
 */
export async function dropEvidenceOf(tx: EntityManager, reports: ReadonlyArray<{ context: Record<string, unknown> }>): Promise<string[]> {
  const ids = reports.flatMap((r) => (typeof r.context.photoImageId === 'string' ? [r.context.photoImageId] : []));
  return dropUnusedImages(tx, [...new Set(ids)]);
}

/** The files of deleted images, public and evidence alike, removed now (the queued job would do it a moment later). */
export async function removeFilesOf(storage: Storage, imageIds: readonly string[]): Promise<void> {
  for (const id of imageIds) {
    await storage.delete(imagePrefix(id));
    await storage.delete(evidencePrefix(id));
  }
}
