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
  type ProductData,
  type ProductImportError,
  type ProductImportView,
} from '@despacho/domain';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AccountDetailsService } from '../accounts';
import type { VendorsService } from '../vendors';
import type { Clock } from '../../platform/clock';
import { CSV_BOM } from '../../platform/csv';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { JobKindOptions, Jobs } from '../../platform/jobs';
import * as repository from './product-imports.repository';
import type { ProductProblem, ProductsService } from './products.service';
import {
  errorAt,
  ProductCsvReader,
  sortErrors,
  vendorKey,
  type ReadFile,
} from './products.csv.read';
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

/** A checked file: its products (all valid when `errors` is empty) and its problems. */
interface CheckedFile {
  rowsTotal: number;
  products: ProductData[];
  errors: ProductImportError[];
}

const jobPayload = z.object({ organizationId: z.uuid(), importId: z.uuid() });
type JobPayload = z.infer<typeof jobPayload>;

/**
 * CSV import and export of products. An upload is checked whole (the shared schema row by row,
 * then the database's checks): with any error the import is saved `invalid` with its errors
 * and nothing else is written; otherwise the file is stored and one job, enqueued in the import
 * row's transaction, checks it again the same way and creates the products in chunks, counting
 * them as it goes. A chunk that fails stops the import (`failed`); earlier chunks stay created.
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
      products: Pick<ProductsService, 'createMany' | 'findProblems' | 'forExport'>;
    },
  ) {}

  /** The file's products and errors: the same check for the upload and for the job. */
  private async check(
    organizationId: string,
    content: Buffer,
    language: Language,
    createdAlready = 0,
  ): Promise<CheckedFile> {
    const [organization, vendors] = await Promise.all([
      this.deps.accountDetails.organization(organizationId),
      this.deps.vendors.keys(organizationId),
    ]);
    const file: ReadFile = ProductCsvReader.read(content, {
      language,
      defaultUnit: packageUnitFor(organization.default_unit),
      vendors: new Map(
        vendors.flatMap((vendor) => [
          [vendorKey(vendor.code), vendor.id],
          [vendorKey(vendor.name), vendor.id],
        ]),
      ),
    });
    const valid = file.products.filter((product) => product.data);
    const products = valid.map((product) => product.data!);
    const errors = [...file.errors];
    if (errors.length === 0 && products.length > createdAlready) {
      const pending = products.slice(createdAlready);
      for (const problem of await this.deps.products.findProblems(organizationId, pending)) {
        const product = valid[createdAlready + problem.index]!;
        const message = problemMessage(problem.code, problem.params, language);
        errors.push(errorAt(file.headers, product, problem.path, message));
      }
      sortErrors(errors, file.headers);
    }
    return { rowsTotal: file.rowsTotal, products, errors };
  }

  /** Checks an uploaded CSV and, when it has no error, queues the job that imports it. */
  async upload(
    organizationId: string,
    upload: { content: Buffer; fileName: string },
    userId: string,
    language: Language,
  ): Promise<ProductImportView> {
    const checked = await this.check(organizationId, upload.content, language);
    const common = {
      organizationId,
      fileName: upload.fileName.slice(0, 200),
      language,
      rowsTotal: checked.rowsTotal,
      productsTotal: checked.products.length,
      createdBy: userId,
      createdAt: this.deps.clock.now(),
    };
    if (checked.errors.length > 0) {
      const row = await repository.insertImport(this.deps.db, {
        ...common,
        status: 'invalid',
        errors: checked.errors.slice(0, PRODUCT_IMPORT_ERRORS_SHOWN),
        errorsMore: Math.max(0, checked.errors.length - PRODUCT_IMPORT_ERRORS_SHOWN),
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
      const created = await repository.insertImport(tx, {
        ...common,
        status: 'queued',
        fileId: file.id,
      });
      await this.deps.jobs.enqueue(
        tx,
        PRODUCT_IMPORT_JOB,
        { organizationId, importId: created.id } satisfies JobPayload,
        common.createdAt,
      );
      return created;
    });
    return repository.productImportView(row);
  }

  async get(organizationId: string, id: string): Promise<ProductImportView> {
    const row = await repository.findImport(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return repository.productImportView(row);
  }

  /**
   * The job: checks the stored file again and creates its products, a chunk per transaction,
   * each chunk's count written as soon as it commits (the screen polls it). A run that finds the
   * import already `running` (a previous run died) goes on after the chunks it counted. It
   * writes through its own connection, not the job's transaction, so each chunk and its count
   * commit at once and stay when a later chunk fails.
   */
  importJob = async (_tx: DbOrTx, { organizationId, importId }: JobPayload) => {
    const { db, files, products } = this.deps;
    const row = await repository.findImport(db, organizationId, importId);
    if (!row || !row.fileId || (row.status !== 'queued' && row.status !== 'running')) return;
    const language = parseLanguage(row.language);
    const content = await files.read(await files.find(organizationId, row.fileId));
    await repository.updateImport(db, organizationId, importId, { status: 'running' });
    const checked = await this.check(organizationId, content, language, row.productsDone);
    if (checked.errors.length > 0) {
      await this.finish(organizationId, importId, 'failed', checked.errors);
      return;
    }
    let done = row.productsDone;
    while (done < checked.products.length) {
      const chunk = checked.products.slice(done, done + PRODUCT_IMPORT_CHUNK);
      try {
        await products.createMany(organizationId, chunk, language);
      } catch (error) {
        const message = interpolate(PRODUCT_IMPORT_MESSAGES.failed[language], {
          error: failureText(error, language),
          done,
        });
        await this.finish(organizationId, importId, 'failed', [{ row: 1, column: null, message }]);
        return;
      }
      done += chunk.length;
      await repository.updateImport(db, organizationId, importId, { productsDone: done });
    }
    await this.finish(organizationId, importId, 'done', []);
  };

  /** A job that failed for good (the file could not be read, say) leaves its import failed. */
  private importDeadLetter = async (tx: DbOrTx, { organizationId, importId }: JobPayload) => {
    const row = await repository.findImport(tx, organizationId, importId);
    if (!row) return;
    const language = parseLanguage(row.language);
    const message = interpolate(PRODUCT_IMPORT_MESSAGES.failed[language], {
      error: errorMessage('INTERNAL_ERROR', language),
      done: row.productsDone,
    });
    await this.finish(organizationId, importId, 'failed', [{ row: 1, column: null, message }], tx);
  };

  readonly importJobOptions: JobKindOptions<JobPayload> = {
    payload: jobPayload,
    retryLimit: 2,
    retryDelaySeconds: 10,
    onDeadLetter: this.importDeadLetter,
  };

  private finish(
    organizationId: string,
    importId: string,
    status: 'done' | 'failed',
    errors: ProductImportError[],
    db: DbOrTx = this.deps.db,
  ) {
    return repository.updateImport(db, organizationId, importId, {
      status,
      errors: errors.slice(0, PRODUCT_IMPORT_ERRORS_SHOWN),
      errorsMore: Math.max(0, errors.length - PRODUCT_IMPORT_ERRORS_SHOWN),
      finishedAt: this.deps.clock.now(),
    });
  }

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
