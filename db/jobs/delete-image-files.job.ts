import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { z } from 'zod';
import { evidencePrefix, imagePrefix } from '../media/renditions';
import type { Storage } from '../media/storage';
import { sqlOf } from '../kysely';
import type { JobDefinition } from '../../platform/jobs/job-definition';

const DELETE_IMAGE_FILES_JOB = 'delete_image_files';
const payloadSchema = z.object({ imageId: z.string().min(1) });

/**
 * Queues the removal of an image's files inside the caller's transaction: if the process dies right after
 * the commit, the worker still removes them (removing files that are already gone is harmless).
 */
export async function enqueueImageFileRemoval(tx: EntityManager, imageId: string): Promise<void> {
  // graphile_worker's function, not an entity: the typed escape hatch (Kysely's sql tag), result unused.
  await sql`SELECT graphile_worker.add_job(${DELETE_IMAGE_FILES_JOB}, json_build_object('imageId', ${imageId}::text), job_key := ${`delete-image:${imageId}`})`.execute(
    sqlOf(tx),
  );
}

/** enqueueImageFileRemoval for several images in one statement. */
export async function enqueueImageFilesRemoval(tx: EntityManager, imageIds: readonly string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await sql`SELECT graphile_worker.add_job(${DELETE_IMAGE_FILES_JOB}, json_build_object('imageId', id), job_key := 'delete-image:' || id)
    FROM unnest(string_to_array(${imageIds.join(',')}, ',')) AS id`.execute(sqlOf(tx));
}

/** Removes the files of an image whose rows are gone (account deletion, unused images), a copy kept as evidence included; a storage failure is retried by the queue. */
export function deleteImageFilesJob(deps: { storage: Storage }): JobDefinition {
  return {
    name: DELETE_IMAGE_FILES_JOB,
    task: async (payload) => {
      const { imageId } = payloadSchema.parse(payload);
      await deps.storage.delete(imagePrefix(imageId));
      await deps.storage.delete(evidencePrefix(imageId));
    },
  };
}
