import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { FileStore, StoredFile } from '../../platform/files';
import type { WarehousesService } from '../inventory';
import type { ProductVariantsService } from '../products';
import * as repository from './entries.repository';
import { entryView } from './entry-view';

/** The cause every stock movement of an entry names, the merchant's and the warehouse's. */
export const ENTRY_CAUSE = 'entry';

/** What reading an entry needs, on both sides of it. */
export type EntryReadDeps = {
  db: DbOrTx;
  files: FileStore;
  warehouses: Pick<WarehousesService, 'list'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
};

/** An entry as both the merchant and the receiving console show it: lines, incidents, photos. */
export async function readEntryView(deps: EntryReadDeps, db: DbOrTx, entry: repository.EntryRow) {
  const lines = await repository.linesOf(db, entry.id);
  const [incidents, photos, variants, warehouses] = await Promise.all([
    repository.incidentsOf(db, entry.id),
    repository.photosOf(db, entry.id),
    deps.productVariants.byIds(
      entry.organizationId,
      lines.map((line) => line.variantId),
      db,
    ),
    deps.warehouses.list(),
  ]);
  return entryView({ entry, lines, incidents, photos, variants, warehouses });
}

/** A photo of one of the entry's incidents; `organizationId` null for staff. */
export async function entryPhoto(
  deps: EntryReadDeps,
  organizationId: string | null,
  id: string,
  photoId: string,
  size: 'large' | 'thumbnail',
): Promise<StoredFile> {
  const entry = await repository.findEntry(deps.db, organizationId, id);
  if (!entry) throw notFound();
  const photo = await repository.findPhoto(deps.db, id, photoId);
  if (!photo) throw notFound();
  return deps.files.find(
    entry.organizationId,
    size === 'thumbnail' ? photo.thumbnailFileId : photo.fileId,
  );
}
