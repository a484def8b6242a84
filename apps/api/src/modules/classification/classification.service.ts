import {
  CLASSIFICATION_REQUIRED_INPUTS,
  CLASSIFICATION_RULES,
  classificationDueDate,
  classificationFee,
  type ClassificationInputs,
  type ClassificationItem,
  type ClassificationQuote,
  type ClassificationRequest,
  type ClassificationRequestCreate,
  type ClassificationRequestsQuery,
  type ClassificationRequestSummary,
  type PageMeta,
} from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { searchKey } from '../../platform/search';
import * as repository from './classification.repository';
import type { ItemRow, NewItem } from './classification.repository';
import { presentItem, presentRequest, presentRequestSummary } from './classification.present';
import { ClassificationWorkflow, type WorkflowDeps } from './classification.workflow';
import { dictamenPdf } from './dictamen-pdf';

/** What the classifier's search reads of an item's inputs (and the queue's search). */
export const itemSearchText = (productName: string, inputs: ClassificationInputs) =>
  searchKey([productName, inputs.description, inputs.materials, inputs.use].join(' '));

const inputValues = (inputs: ClassificationInputs) => ({
  description: inputs.description,
  materials: inputs.materials,
  use: inputs.use,
  brand: inputs.brand ?? null,
  model: inputs.model ?? null,
  originCountry: inputs.origin_country,
  notes: inputs.notes ?? null,
});

/**
 * Tariff classification as the merchant uses it (`tariff-classification`): request products,
 * each fee held at once or none; follow them; complete and resubmit a rejected one without
 * paying again; download the dictamen of a classified one.
 */
export class ClassificationService {
  private readonly workflow: ClassificationWorkflow;

  constructor(private readonly deps: WorkflowDeps & { config: Config }) {
    this.workflow = new ClassificationWorkflow(deps);
  }

  /** Before paying: the price, the balance and what each product still needs. Moves nothing. */
  async quote(organizationId: string, productIds: string[]): Promise<ClassificationQuote> {
    const ids = [...new Set(productIds)];
    const products = await this.deps.products.getMany(organizationId, ids);
    if (products.length !== ids.length) throw notFound();
    const [open, balance] = await Promise.all([
      repository.openItemsOf(this.deps.db, organizationId, ids),
      this.deps.ledger.balance(organizationId),
    ]);
    const openStatus = new Map(open.map((row) => [row.productId, row.status]));
    const fee = classificationFee(ids.length - openStatus.size);
    return {
      products: products.map((product) => {
        const inputs = {
          description: product.description ? plainText(product.description) : null,
          materials: product.materials,
          use: product.use,
          brand: product.brand,
          model: product.model,
          origin_country: product.origin_country,
        };
        return {
          product: {
            id: product.id,
            name: product.name,
            sku: product.variants[0]?.sku ?? null,
            thumbnail_url: product.images[0]?.thumbnail_url ?? null,
          },
          inputs,
          has_datasheet: product.datasheet !== null,
          images_count: product.images.length,
          missing: CLASSIFICATION_REQUIRED_INPUTS.filter((key) => !inputs[key]),
          open_status: openStatus.get(product.id) ?? null,
        };
      }),
      unit_price_centavos: CLASSIFICATION_RULES.feeCentavos,
      total_centavos: fee.total_centavos,
      vat_centavos: fee.vat_centavos,
      available_centavos: balance.available_centavos,
      sufficient_balance: balance.available_centavos >= fee.total_centavos,
      due_date: classificationDueDate(this.deps.clock.now()),
    };
  }

  /**
   * Requests the products' classification: each fee held on the balance (all or none:
   * INSUFFICIENT_BALANCE with what is needed and available), each product PROCESS_CLASSIFICATION,
   * due in 7 business days. A product already classified or under way is
   * CLASSIFICATION_ALREADY_OPEN (the unique index decides between requests at the same instant).
   */
  async create(
    organizationId: string,
    userId: string,
    input: ClassificationRequestCreate,
  ): Promise<ClassificationRequest> {
    const { db, clock, ledger } = this.deps;
    const ids = input.items.map((item) => item.product_id);
    const products = await this.deps.products.getMany(organizationId, ids);
    if (products.length !== ids.length) throw notFound();
    const names = new Map(products.map((product) => [product.id, product.name]));
    await this.refuseOpen(organizationId, ids, names);
    const fee = classificationFee();
    const needed = fee.total_centavos * ids.length;
    const balance = await ledger.balance(organizationId);
    if (balance.available_centavos < needed) throw insufficient(needed, balance.available_centavos);
    await ledger.prepareAccounts(organizationId);
    const now = clock.now();
    const dueDate = classificationDueDate(now);
    try {
      const requestId = await db.transaction(async (tx) => {
        const request = await repository.insertRequest(tx, {
          organizationId,
          requestedBy: userId,
          createdAt: now,
        });
        const items: NewItem[] = [];
        for (const item of input.items) {
          const productName = names.get(item.product_id)!;
          const values = {
            id: randomUUID(),
            organizationId,
            holdSeq: 1,
            feeCentavos: fee.total_centavos,
            productName,
          };
          const holdId = await this.workflow.holdFee(tx, values);
          items.push({
            ...values,
            requestId: request.id,
            productId: item.product_id,
            status: 'PROCESS_CLASSIFICATION',
            ...inputValues(item),
            searchText: itemSearchText(productName, item),
            vatCentavos: fee.vat_centavos,
            feeState: 'held',
            holdId,
            dueDate,
            submittedAt: now,
            createdAt: now,
            updatedAt: now,
          });
        }
        const rows = await repository.insertItems(tx, items);
        await repository.insertTransitions(
          tx,
          rows.map((row) => ({
            organizationId,
            itemId: row.id,
            fromStatus: 'UNCLASSIFIED' as const,
            toStatus: 'PROCESS_CLASSIFICATION' as const,
            actorKind: 'merchant' as const,
            actorId: userId,
            note: null,
            createdAt: now,
          })),
        );
        await this.deps.products.setTariff(tx, organizationId, ids, {
          status: 'PROCESS_CLASSIFICATION',
        });
        return request.id;
      });
      return this.get(organizationId, requestId);
    } catch (error) {
      if (isUniqueViolation(error, 'classification_items_product_open')) {
        await this.refuseOpen(organizationId, ids, names);
      }
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
        throw insufficient(needed, (await ledger.balance(organizationId)).available_centavos);
      }
      throw error;
    }
  }

  async list(
    organizationId: string,
    query: ClassificationRequestsQuery,
  ): Promise<{ data: ClassificationRequestSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.listRequests(this.deps.db, organizationId, query);
    const parts = await this.parts(
      organizationId,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) =>
        presentRequestSummary(row, parts.itemsOf(row.id), parts.results, parts.products),
      ),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<ClassificationRequest> {
    const row = await repository.findRequest(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    const parts = await this.parts(organizationId, [id]);
    return presentRequest(row, parts.itemsOf(id), parts.results, parts.products);
  }

  /**
   * A rejected product, completed, back in the queue with a new due date. A fee the reject kept
   * on hold stays; one it released is held again (a new hold: nothing was charged).
   */
  async resubmit(
    organizationId: string,
    userId: string,
    requestId: string,
    itemId: string,
    inputs: ClassificationInputs,
  ): Promise<ClassificationItem> {
    const { db, clock, ledger } = this.deps;
    await ledger.prepareAccounts(organizationId);
    const row = await db.transaction(async (tx) => {
      const item = await repository.findItem(tx, organizationId, itemId, true);
      if (!item || item.requestId !== requestId) throw notFound();
      this.workflow.assertCan(item, 'PROCESS_CLASSIFICATION');
      const now = clock.now();
      const rehold = item.feeState === 'released';
      const holdSeq = rehold ? item.holdSeq + 1 : item.holdSeq;
      const holdId = rehold ? await this.workflow.holdFee(tx, { ...item, holdSeq }) : item.holdId;
      return this.workflow.move(
        tx,
        item,
        'PROCESS_CLASSIFICATION',
        { kind: 'merchant', userId },
        {
          values: {
            ...inputValues(inputs),
            searchText: itemSearchText(item.productName, inputs),
            holdSeq,
            holdId,
            feeState: 'held',
            dueDate: classificationDueDate(now),
            submittedAt: now,
            classifierId: null,
            reviewerId: null,
            rejectReason: null,
          },
        },
      );
    });
    const products = await this.snapshots(organizationId, [row]);
    return presentItem(row, undefined, products);
  }

  /** The dictamen (PDF) of a classified product; CLASSIFICATION_DICTAMEN_UNAVAILABLE before. */
  async dictamen(organizationId: string, requestId: string, itemId: string) {
    const { db } = this.deps;
    const item = await repository.findItem(db, organizationId, itemId);
    if (!item || item.requestId !== requestId) throw notFound();
    const [result] = await repository.resultsOf(db, organizationId, [itemId]);
    if (item.status !== 'CLASSIFIED' || !result?.publishedAt) {
      throw new AppError('CLASSIFICATION_DICTAMEN_UNAVAILABLE');
    }
    const request = await repository.findRequest(db, organizationId, requestId);
    return {
      type: 'application/pdf',
      fileName: `dictamen-${result.fraction}${result.nico}-${request!.number}.pdf`,
      content: await dictamenPdf({
        requestNumber: request!.number,
        item,
        result,
        sandbox: this.deps.config.NODE_ENV !== 'production',
      }),
    };
  }

  /**
   * Classified products whose code the catalogue no longer has in force today (a new import
   * retired it, or its vigencia ended) go back to IN_REVIEW, the product too, and the merchant
   * is told; staff then classify it again at no cost (its fee stays captured). Runs after each
   * catalogue import and daily; a product already moved is left alone. In `db` (a job's
   * transaction), else in one of its own.
   */
  async reviewRetiredCodes(db?: DbOrTx): Promise<number> {
    const run = async (tx: DbOrTx) => {
      const retired = await this.deps.tariffFractions.retired(
        await repository.publishedCodes(tx),
        this.workflow.today(),
      );
      let moved = 0;
      for (const { organizationId, id } of await repository.classifiedWithCodes(tx, retired)) {
        const item = await repository.findItem(tx, organizationId, id, true);
        if (item?.status !== 'CLASSIFIED') continue;
        const [result] = await repository.resultsOf(tx, organizationId, [id]);
        const code = result!.fraction + result!.nico;
        await this.workflow.move(
          tx,
          item,
          'IN_REVIEW',
          { kind: 'system' },
          {
            note: `c_FraccionArancelaria: ${code}`,
          },
        );
        await this.workflow.notify(
          tx,
          item,
          { code: 'classification_code_retired', params: { product: item.productName, code } },
          'WARNING',
        );
        moved += 1;
      }
      return moved;
    };
    return db ? run(db) : this.deps.db.transaction(run);
  }

  private async refuseOpen(organizationId: string, ids: string[], names: Map<string, string>) {
    const open = await repository.openItemsOf(this.deps.db, organizationId, ids);
    if (open.length > 0) {
      throw new AppError('CLASSIFICATION_ALREADY_OPEN', {
        products: open.map((row) => names.get(row.productId) ?? row.productId).join(', '),
        product_ids: open.map((row) => row.productId),
      });
    }
  }

  private snapshots(organizationId: string, items: ItemRow[]) {
    return this.deps.products
      .getMany(organizationId, [...new Set(items.map((item) => item.productId))])
      .then((views) => new Map(views.map((view) => [view.id, view])));
  }

  /** The items of these requests, their results and their products' snapshots. */
  private async parts(organizationId: string, requestIds: string[]) {
    const { db } = this.deps;
    const items = await repository.itemsOfRequests(db, organizationId, requestIds);
    const [results, products] = await Promise.all([
      repository.resultsOf(
        db,
        organizationId,
        items.map((item) => item.id),
      ),
      this.snapshots(organizationId, items),
    ]);
    return {
      itemsOf: (requestId: string) => items.filter((item) => item.requestId === requestId),
      results: new Map(results.map((result) => [result.itemId, result])),
      products,
    };
  }
}

const insufficient = (required: number, available: number) =>
  new AppError('INSUFFICIENT_BALANCE', {
    required_centavos: required,
    available_centavos: available,
  });

/** A product's rich description as the classifier's plain text. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CLASSIFICATION_RULES.inputMax);
}
