import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { IMAGE_VARIANTS } from '../../contracts/media';
import type { FaceCheck } from '../../contracts/face-check';
import { SCREENING_VERDICTS, type ScreeningScores } from '../../contracts/screening';
import { User } from '../users/user.entity';

/** An uploaded (or generated) image; its files live in the storage under `images/{id}/`. */
export const Image = defineEntity({
  name: 'Image',
  tableName: 'images',
  properties: (p) => ({
    id: p.string().length(32).primary(),
    owner: p.manyToOne(User).mapToPk().deleteRule('cascade').updateRule('cascade').index(),
    kind: p.enum([...IMAGE_VARIANTS]),
    // Of the stored master, after re-encoding.
    mime: p.string().length(32),
    width: p.integer(),
    height: p.integer(),
    bytes: p.integer(),
    // What screening made of it when uploaded (issue #27): the model's scores and the verdict under the thresholds of
    // the time; null for images stored unscreened (before screening, SCREENING=off, generated demo photos).
    screening: p.json<ScreeningScores>().nullable(),
    screeningVerdict: p.enum([...SCREENING_VERDICTS]).nullable(),
    // The face check of a profile photo (issue 43): faces found, the main face's apparent age, the model; nothing else
    // of a face. Null when not checked (AGE_CHECK=off, screening off, not a profile photo, stored before the check).
    faceCheck: p.json<FaceCheck>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});

export type Image = InferEntity<typeof Image>;
