import { uploadResponseSchema, type UploadResponse } from '../../../../contracts/media';
import { apiUpload } from '../../../lib/api/api-client';

/** POST /api/cdn/images/upload with variant 'profile' (the file is already compressed). */
export function uploadProfilePhoto(image: Blob, filename: string): Promise<UploadResponse> {
  return apiUpload('/cdn/images/upload', image, { fields: { variant: 'profile' }, filename, schema: uploadResponseSchema });
}
