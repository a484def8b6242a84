import type { ProductImageView } from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { FileStore, StoredFile } from '../../platform/files';
import { processImage } from '../../platform/images';
import type { JobHandler } from '../../platform/jobs';
import { removeImageFiles, staleUploadsJob } from '../../platform/stale-uploads';
import { DATASHEET_PURPOSE } from './products.problems';
import * as repository from './products.repository';
import { datasheetView, imageView } from './products.view';

const PURPOSES = { image: 'product.image', thumbnail: 'product.thumbnail' };

/** Hourly: uploads no product or collection claimed within a day are deleted with their files. */
export const PRODUCT_UPLOADS_JOB = 'products.remove_stale_uploads';
export const PRODUCT_UPLOADS_CRON = '23 * * * *';

/**
 * A catalogue's images and data sheets. An image is re-encoded (`processImage`) into a 1200 px
 * WebP and a 320 px thumbnail, two stored files, and waits unclaimed until a product (or a
 * collection) is saved with its id.
 */
export class ProductMedia {
  /** The hourly job: a batch of day-old unclaimed uploads, rows and files. */
  readonly removeStaleUploads: JobHandler;

  constructor(private readonly deps: { db: Db; clock: Clock; files: FileStore }) {
    this.removeStaleUploads = staleUploadsJob({
      files: deps.files,
      purposes: PURPOSES,
      unclaimed: repository.staleUploads,
      remove: repository.deleteImages,
    });
  }

  async uploadImage(
    organizationId: string,
    content: Buffer,
    uploadedBy?: string,
  ): Promise<ProductImageView> {
    const { large, thumbnail } = await processImage(content);
    const row = await this.deps.db.transaction(async (tx) => {
      const stored = (version: Buffer, purpose: string, name: string) =>
        this.deps.files.storeBytes(
          version,
          { organizationId, purpose, kind: 'webp', name, ...(uploadedBy ? { uploadedBy } : {}) },
          tx,
        );
      const file = await stored(large.content, PURPOSES.image, 'imagen.webp');
      const thumb = await stored(thumbnail.content, PURPOSES.thumbnail, 'miniatura.webp');
      return repository.insertImage(tx, {
        organizationId,
        fileId: file.id,
        thumbnailFileId: thumb.id,
        width: large.width,
        height: large.height,
        createdAt: this.deps.clock.now(),
      });
    });
    return imageView(row);
  }

  /** The stored WebP of an image of the organization, or NOT_FOUND. */
  async image(
    organizationId: string,
    imageId: string,
    size: 'large' | 'thumbnail',
  ): Promise<StoredFile> {
    const row = await repository.findImage(this.deps.db, organizationId, imageId);
    if (!row) throw notFound();
    return this.deps.files.find(
      organizationId,
      size === 'thumbnail' ? row.thumbnailFileId : row.fileId,
    );
  }

  datasheetUploaded(file: StoredFile) {
    return datasheetView(file);
  }

  /** A data sheet of the organization (never another kind of file), or NOT_FOUND. */
  async datasheet(organizationId: string, fileId: string): Promise<StoredFile> {
    const [file] = await this.deps.files.findMany(organizationId, [fileId], DATASHEET_PURPOSE);
    if (!file) throw notFound();
    return file;
  }

  /** Deletes the stored files of images whose rows are gone (after their transaction). */
  async forget(
    organizationId: string,
    images: readonly repository.ImageRow[],
    db: DbOrTx = this.deps.db,
  ): Promise<void> {
    await removeImageFiles(this.deps.files, PURPOSES, organizationId, images, db);
  }
}
