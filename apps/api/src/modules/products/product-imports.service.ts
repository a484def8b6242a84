import {
  ERRORS,
  errorMessage,
  interpolate,
  localizeIssue,
  packageUnitFor,
  parseLanguage,
  PRODUCT_IMPORT_CHUNK,
  PRODUCT_IMPORT_ERRORS_SHOWN,
  PRODUCT_IMPORT_MESSAGES,
  type ErrorCode,
  type Language,
  type ProductImportError,
  type ProductImportRow,
  type ProductImportView,
} from '@despacho/domain';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { AccountDetailsService } from '../accounts';
import type { VendorsService } from '../vendors';
import type { Clock } from '../../platform/clock';
import { CSV_BOM } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { JobKindOptions, Jobs } from '../../platform/jobs';
import { planImport, type PlannedProduct } from './product-imports.plan';
import * as repository from './product-imports.repository';
import type { ProductProblem, ProductsService } from './products.service';
import { ProductCsvReader, sortErrors, vendorKey, type ReadContext } from './products.csv.read';
import { ProductCsvWriter, productCsvHeaderLine } from './products.csv.write';

export const PRODUCT_IMPORT_JOB = 'products.import';
const FILE_PURPOSE = 'product.import';

type ExportFilters = Parameters<ProductsService['forExport']>[1];

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** A database problem's text: an error code's message, or a validation key's. */
function problemMessage(code: string, params: ProductProblem['params'], language: Language) {
  return isErrorCode(code)
    ? errorMessage(code, language, params)
    : localizeIssue({ message: code }, language);
}

/** Why a chunk failed, in words the merchant can act on. */
function failureText(error: unknown, language: Language) {
  if (error instanceof AppError) {
    const field = error.fields && Object.values(error.fields)[0];
    return field ?? errorMessage(error.code, language, error.params);
  }
  return errorMessage('INTERNAL_ERROR', language);
}

const jobPayload = z.object({ organizationId: z.uuid(), importId: z.uuid() });
type JobPayload = z.infer<typeof jobPayload>;

/** What the import does with each product of a file, and the file's errors. */
interface Plan {
  rowsTotal: number;
  products: PlannedProduct[];
  errors: ProductImportError[];
}

const errorsToKeep = (errors: ProductImportError[]) => ({
  errors: errors.slice(0, PRODUCT_IMPORT_ERRORS_SHOWN),
  errorsMore: Math.max(0, errors.length - PRODUCT_IMPORT_ERRORS_SHOWN),
});
const asResult = ({ row, handle, name, outcome }: PlannedProduct): ProductImportRow => ({
  row,
  handle,
  name,
  outcome,
});

/**
 * CSV import and export of products. An upload is read and planned whole, writing nothing but
 * the import (`checked`, with what each product will be: created, updated, unchanged or
 * refused, and why) and its file. Once the merchant confirms (`apply`), one job, enqueued in
 * the same transaction as the import's status, plans the stored file again against the
 * catalogue as it is then and applies the products not refused: the new ones a chunk per
 * transaction, each update in its own. A product refused as it is applied (a SKU taken
 * meanwhile) is refused alone. A run that finds the import `running` (a previous one died) goes
 * on after the products it counted: planned again, those already applied are unchanged.
 */
export class ProductImportsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      files: FileStore;
      jobs: Jobs;
      accountDetails: Pick<AccountDetailsService, 'organization'>;
      vendors: Pick<VendorsService, 'keys'>;
      products: Pick<
        ProductsService,
        'createMany' | 'update' | 'findProblems' | 'forExport' | 'getMany'
      >;
    },
  ) {}

  /** The file's plan: the same for the upload's preview and for the job. */
  private async plan(organizationId: string, content: Buffer, language: Language): Promise<Plan> {
    const { db, products } = this.deps;
    const [organization, vendors] = await Promise.all([
      this.deps.accountDetails.organization(organizationId),
      this.deps.vendors.keys(organizationId),
    ]);
    const context: ReadContext = {
      language,
      defaultUnit: packageUnitFor(organization.default_unit),
      vendors: new Map(
        vendors.flatMap((vendor) => [
          [vendorKey(vendor.code), vendor.id],
          [vendorKey(vendor.name), vendor.id],
        ]),
      ),
    };
    const file = ProductCsvReader.read(content, context);
    if (file.products.length === 0) {
      return { rowsTotal: file.rowsTotal, products: [], errors: file.errors };
    }
    const planned = await planImport(file, context, {
      productsByHandle: (handles) => repository.productsByHandle(db, organizationId, handles),
      productsBySku: (skuKeys) => repository.productsBySku(db, organizationId, skuKeys),
      views: (ids) => products.getMany(organizationId, ids),
      problems: async (list, ownIds) =>
        (await products.findProblems(organizationId, list, ownIds)).map((problem) => ({
          index: problem.index,
          path: problem.path,
          message: problemMessage(problem.code, problem.params, language),
        })),
    });
    return {
      rowsTotal: file.rowsTotal,
      products: planned.products,
      errors: sortErrors(planned.errors, file.headers),
    };
  }

  /**
   * Reads an uploaded CSV and answers what importing it would do; nothing is applied before
   * `apply`. A file that cannot be read (no products in it) is `invalid`.
   */
  async upload(
    organizationId: string,
    upload: { content: Buffer; fileName: string },
    userId: string,
    language: Language,
  ): Promise<ProductImportView> {
    const plan = await this.plan(organizationId, upload.content, language);
    const common = {
      organizationId,
      fileName: upload.fileName.slice(0, 200),
      language,
      rowsTotal: plan.rowsTotal,
      productsTotal: plan.products.length,
      createdBy: userId,
      createdAt: this.deps.clock.now(),
      ...errorsToKeep(plan.errors),
      results: plan.products.map(asResult),
    };
    if (plan.products.length === 0) {
      const row = await repository.insertImport(this.deps.db, {
        ...common,
        status: 'invalid',
        finishedAt: common.createdAt,
      });
      return repository.productImportView(row);
    }
    const row = await this.deps.db.transaction(async (tx) => {
      const file = await this.deps.files.storeBytes(
        upload.content,
        {
          organizationId,
          purpose: FILE_PURPOSE,
          kind: 'csv',
          name: upload.fileName,
          uploadedBy: userId,
        },
        tx,
      );
      return repository.insertImport(tx, { ...common, status: 'checked', fileId: file.id });
    });
    return repository.productImportView(row);
  }

  /**
   * The merchant's confirmation: a `checked` import is queued with its job, once (two applies
   * at the same instant queue one job); any other answers as it is, `invalid` refused.
   */
  async apply(organizationId: string, id: string): Promise<ProductImportView> {
    const queued = await this.deps.db.transaction(async (tx) => {
      const row = await repository.queueImport(tx, organizationId, id);
      if (row) {
        await this.deps.jobs.enqueue(
          tx,
          PRODUCT_IMPORT_JOB,
          { organizationId, importId: id } satisfies JobPayload,
          this.deps.clock.now(),
        );
      }
      return row;
    });
    if (queued) return repository.productImportView(queued);
    const view = await this.get(organizationId, id);
    if (view.status === 'invalid') throw new AppError('PRODUCT_IMPORT_NOT_APPLICABLE');
    return view;
  }

  async get(organizationId: string, id: string): Promise<ProductImportView> {
    const row = await repository.findImport(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return repository.productImportView(row);
  }

  /**
   * The job: plans the stored file again and applies it from the products it counted, each
   * chunk's count written as soon as it commits (the screen polls it). It writes through its own
   * connection, not the job's transaction, so each chunk and its count commit at once.
   */
  importJob = async (_tx: DbOrTx, { organizationId, importId }: JobPayload) => {
    const { db, files } = this.deps;
    const row = await repository.findImport(db, organizationId, importId);
    if (!row || !row.fileId || (row.status !== 'queued' && row.status !== 'running')) return;
    const language = parseLanguage(row.language);
    const content = await files.read(await files.find(organizationId, row.fileId));
    await repository.updateImport(db, organizationId, importId, { status: 'running' });
    const plan = await this.plan(organizationId, content, language);
    // What the merchant confirmed; a product refused then stays refused.
    const results = [...row.results];
    const errors = [
      ...row.errors,
      ...plan.errors.filter((error) => !row.errors.some((kept) => isDeepStrictEqual(kept, error))),
    ];
    const refuse = (index: number, message: string) => {
      results[index] = { ...results[index]!, outcome: 'refused' };
      errors.push({ row: results[index]!.row, column: null, message });
    };
    let done = row.productsDone;
    while (done < plan.products.length) {
      const end = Math.min(done + PRODUCT_IMPORT_CHUNK, plan.products.length);
      const creates: number[] = [];
      for (let index = done; index < end; index += 1) {
        const fresh = plan.products[index]!;
        const confirmed = results[index];
        if (!confirmed || confirmed.outcome === 'refused') continue;
        // Unchanged now: as confirmed (a resumed run finds its earlier work already done).
        if (fresh.outcome === 'unchanged') continue;
        results[index] = { ...confirmed, outcome: fresh.outcome };
        if (fresh.outcome === 'created') creates.push(index);
        if (fresh.outcome === 'updated') {
          await this.applyOne(organizationId, fresh, language, (message) => refuse(index, message));
        }
      }
      await this.createChunk(organizationId, plan.products, creates, language, refuse);
      done = end;
      await repository.updateImport(db, organizationId, importId, { productsDone: done });
    }
    await repository.updateImport(db, organizationId, importId, {
      status: 'done',
      ...errorsToKeep(errors.sort((a, b) => a.row - b.row)),
      results,
      finishedAt: this.deps.clock.now(),
    });
  };

  /** Updates (or creates) one product; a refusal (a business error) refuses it alone. */
  private async applyOne(
    organizationId: string,
    product: PlannedProduct,
    language: Language,
    refused: (message: string) => void,
  ) {
    try {
      if (product.productId) {
        await this.deps.products.update(organizationId, product.productId, product.data!, language);
      } else {
        await this.deps.products.createMany(organizationId, [product.data!], language);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused(failureText(error, language));
    }
  }

  /** New products in one transaction; when it is refused, one by one to refuse only the culprits. */
  private async createChunk(
    organizationId: string,
    products: PlannedProduct[],
    indexes: number[],
    language: Language,
    refuse: (index: number, message: string) => void,
  ) {
    if (indexes.length === 0) return;
    try {
      await this.deps.products.createMany(
        organizationId,
        indexes.map((index) => products[index]!.data!),
        language,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const index of indexes) {
        await this.applyOne(organizationId, products[index]!, language, (message) =>
          refuse(index, message),
        );
      }
    }
  }

  /** A job that failed for good (the file could not be read, say) leaves its import failed. */
  private importDeadLetter = async (tx: DbOrTx, { organizationId, importId }: JobPayload) => {
    const row = await repository.findImport(tx, organizationId, importId);
    if (!row) return;
    const language = parseLanguage(row.language);
    const message = interpolate(PRODUCT_IMPORT_MESSAGES.failed[language], {
      error: errorMessage('INTERNAL_ERROR', language),
      done: row.productsDone,
    });
    await repository.updateImport(tx, organizationId, importId, {
      status: 'failed',
      ...errorsToKeep([{ row: 1, column: null, message }]),
      finishedAt: this.deps.clock.now(),
    });
  };

  readonly importJobOptions: JobKindOptions<JobPayload> = {
    payload: jobPayload,
    retryLimit: 2,
    retryDelaySeconds: 10,
    onDeadLetter: this.importDeadLetter,
  };

  /** The selected products as CSV, streamed a batch at a time. */
  export(organizationId: string, filters: ExportFilters, language: Language) {
    const { products } = this.deps;
    const writer = new ProductCsvWriter(language);
    async function* lines() {
      yield CSV_BOM + productCsvHeaderLine(language);
      for await (const batch of products.forExport(organizationId, filters)) {
        yield batch.map((product) => writer.lines(product)).join('');
      }
    }
    return {
      fileName: language === 'es' ? 'productos.csv' : 'products.csv',
      stream: Readable.from(lines()),
    };
  }
}
