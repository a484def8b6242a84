import type { DbOrTx } from './db';
import type { FileStore } from './files';
import type { JobHandler } from './jobs';

/** An uploaded image's row: a WebP and its thumbnail, two stored files of the organization. */
export interface UploadedImage {
  id: string;
  organizationId: string;
  fileId: string;
  thumbnailFileId: string;
}

/** The `purpose` each version of an image was stored under (platform/files). */
export interface ImagePurposes {
  image: string;
  thumbnail: string;
}

/** Uploads wait a day for a record to claim them; each hourly run deletes at most a batch. */
const UNCLAIMED_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** Deletes the stored files of images whose rows are gone (in the caller's transaction). */
export async function removeImageFiles(
  files: FileStore,
  purposes: ImagePurposes,
  organizationId: string,
  images: readonly UploadedImage[],
  db: DbOrTx,
): Promise<void> {
  if (images.length === 0) return;
  const ids = images.flatMap((image) => [image.fileId, image.thumbnailFileId]);
  const stored = [
    ...(await files.findMany(organizationId, ids, purposes.image, db)),
    ...(await files.findMany(organizationId, ids, purposes.thumbnail, db)),
  ];
  for (const file of stored) await files.remove(file, db);
}

/**
 * The hourly job of a module whose images are uploaded before a record names them: a batch of
 * day-old unclaimed uploads is deleted, rows and files, in the job's transaction. The module's
 * repository finds (locking, skipping locked rows) and deletes its own rows.
 */
export function staleUploadsJob(deps: {
  files: FileStore;
  purposes: ImagePurposes;
  unclaimed: (tx: DbOrTx, before: Date, limit: number) => Promise<UploadedImage[]>;
  remove: (tx: DbOrTx, ids: readonly string[]) => Promise<void>;
}): JobHandler {
  return async (tx, _payload, job) => {
    const stale = await deps.unclaimed(tx, new Date(job.now.getTime() - UNCLAIMED_MS), SWEEP_BATCH);
    await deps.remove(
      tx,
      stale.map((image) => image.id),
    );
    for (const image of stale) {
      await removeImageFiles(deps.files, deps.purposes, image.organizationId, [image], tx);
    }
  };
}
