import {
  CLASSIFICATION_RULES,
  type AuditAction,
  type ClassificationCandidate,
  type ClassificationNotClassifiable,
  type ClassificationReject,
  type ClassificationResultInput,
  type PageMeta,
  type StaffClassification,
  type StaffClassificationQueueQuery,
  type StaffClassificationSummary,
  type TariffFraction,
  type TariffSearchQuery,
} from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import { searchKey } from '../../platform/search';
import type { StoredFile } from '../../platform/files';
import type { AccountsService } from '../accounts';
import type { ProductMedia } from '../products';
import * as repository from './classification.repository';
import type { ItemRow } from './classification.repository';
import { presentStaff, presentStaffSummary, type ProductSnapshots } from './classification.present';
import { ClassificationWorkflow, type WorkflowDeps } from './classification.workflow';

type StaffDeps = WorkflowDeps & {
  accounts: AccountsService;
  productMedia: ProductMedia;
  events: DomainEvents;
};

const fromCatalogue = (
  row: TariffFraction & { matched_words: string[]; similarity: number; score: number },
): ClassificationCandidate => ({
  code: row.code,
  fraction: row.fraction,
  nico: row.nico,
  description: row.description,
  source: 'catalogue',
  product: null,
  score: round(row.score),
  matched_words: row.matched_words,
  similarity: round(row.similarity),
  code_match: false,
});

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Words a candidates search weighs (the product's name, description, materials and use). */
const CANDIDATE_WORDS = 24;
const PICKER_WORDS = 8;

/** The distinct words of a normalized text (`searchKey`), short ones (articles) left out. */
const wordsOf = (text: string, max: number) =>
  [...new Set(text.split(/[^a-z0-9]+/).filter((word) => word.length > 2))].slice(0, max);

/**
 * The classification console (`/staff/classification`): the queue by due date, claim, the
 * candidates and the picker, the result recorded by the classifier and approved by a second
 * person, reject and not classifiable. Every action locks the item, so two staff acting at once
 * meet one after the other: the second finds the status moved and is refused, and the fee moves
 * once.
 */
export class StaffClassificationService {
  private readonly workflow: ClassificationWorkflow;

  constructor(private readonly deps: StaffDeps) {
    this.workflow = new ClassificationWorkflow(deps);
  }

  async queue(
    query: StaffClassificationQueueQuery,
    staffUserId: string,
  ): Promise<{ data: StaffClassificationSummary[]; meta: PageMeta }> {
    const today = this.workflow.today();
    const { rows, total } = await repository.queue(this.deps.db, query, staffUserId, today);
    const [names, products] = await Promise.all([this.names(rows), this.snapshots(rows)]);
    return {
      data: rows.map((row) => presentStaffSummary(row, names, products, today)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(id: string): Promise<StaffClassification> {
    const row = await repository.findItemAnywhere(this.deps.db, id);
    if (!row) throw notFound();
    return this.present(row);
  }

  /**
   * A photo of the item's product, read within its organization: staff see the files the
   * merchant gave for this classification, never another image through it.
   */
  async image(id: string, imageId: string, size: 'large' | 'thumbnail'): Promise<StoredFile> {
    const { row, product } = await this.productOf(id);
    if (!product?.images.some((image) => image.id === imageId)) throw notFound();
    return this.deps.productMedia.image(row.organizationId, imageId, size);
  }

  /** The data sheet of the item's product, or NOT_FOUND when it has none. */
  async datasheet(id: string): Promise<StoredFile> {
    const { row, product } = await this.productOf(id);
    if (!product?.datasheet) throw notFound();
    return this.deps.productMedia.datasheet(row.organizationId, product.datasheet.file_id);
  }

  private async productOf(id: string) {
    const row = await repository.findItemAnywhere(this.deps.db, id);
    if (!row) throw notFound();
    const [product] = await this.deps.products.getMany(row.organizationId, [row.productId]);
    return { row, product };
  }

  /**
   * Up to 5 codes for the item's product: the catalogue in force today and the organization's
   * classified products, matched on its name, description, materials and use; best first.
   */
  async candidates(id: string): Promise<ClassificationCandidate[]> {
    const row = await repository.findItemAnywhere(this.deps.db, id);
    if (!row) throw notFound();
    const limit = CLASSIFICATION_RULES.candidatesMax;
    const text = row.searchText;
    const words = wordsOf(text, CANDIDATE_WORDS);
    if (words.length === 0) return [];
    const [catalogue, classified] = await Promise.all([
      this.deps.tariffFractions.rank(text, words, this.workflow.today(), limit),
      repository.classifiedLike(this.deps.db, row.organizationId, text, words, row.id, limit),
    ]);
    const own: ClassificationCandidate[] = classified.map((match) => ({
      code: match.fraction + match.nico,
      fraction: match.fraction,
      nico: match.nico,
      description: match.description,
      source: 'organization',
      product: { id: match.productId, name: match.productName },
      score: round(match.score),
      matched_words: match.matchedWords,
      similarity: round(match.similarity),
      code_match: false,
    }));
    // The organization's own precedent first at equal score: the same goods, the same code.
    return [...own, ...catalogue.map(fromCatalogue)]
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  /** The picker: code prefixes, or words ranked, among the codes in force on the day. */
  async tariffSearch(query: TariffSearchQuery): Promise<ClassificationCandidate[]> {
    const day = query.date ?? this.workflow.today();
    const digits = query.search.replace(/[\s.-]/g, '');
    if (/^\d{1,10}$/.test(digits)) {
      const { data } = await this.deps.tariffFractions.search(digits);
      return data
        .filter((row) => row.valid_from <= day && (row.valid_to === null || row.valid_to >= day))
        .map((row) => ({
          code: row.code,
          fraction: row.fraction,
          nico: row.nico,
          description: row.description,
          source: 'catalogue',
          product: null,
          score: 1,
          matched_words: [],
          similarity: 0,
          code_match: true,
        }));
    }
    const rows = await this.deps.tariffFractions.rank(
      query.search,
      wordsOf(searchKey(query.search), PICKER_WORDS),
      day,
      CLASSIFICATION_RULES.searchMax,
    );
    return rows.map(fromCatalogue);
  }

  /** The caller becomes the classifier: PROCESS_CLASSIFICATION → IN_CLASSIFICATION. */
  claim(id: string, staffUserId: string) {
    return this.act(id, (tx, row) =>
      this.workflow.move(tx, row, 'IN_CLASSIFICATION', staff(staffUserId, 'classification.claim'), {
        values: { classifierId: staffUserId },
      }),
    );
  }

  /**
   * The classifier records the result: the code in force today (its customs unit and NICO text
   * from the catalogue), the chain, the rationale, the duties and the restrictions.
   */
  recordResult(id: string, staffUserId: string, input: ClassificationResultInput) {
    return this.act(id, async (tx, row) => {
      await this.assertClassifier(row, staffUserId);
      const { fraction, nico } = input.code;
      const today = this.workflow.today();
      const code = await this.workflow.codeInForce(fraction, nico, today);
      await repository.upsertResult(tx, {
        organizationId: row.organizationId,
        itemId: row.id,
        fraction,
        nico,
        umt: code.umt,
        umtDescription: code.umt_description,
        chain: {
          chapter: { code: fraction.slice(0, 2), description: input.chapter },
          heading: { code: fraction.slice(0, 4), description: input.heading },
          subheading: { code: fraction.slice(0, 6), description: input.subheading },
          fraction: { code: fraction, description: input.fraction_text },
          nico: { code: nico, description: code.description },
        },
        rationaleRules: input.rationale_rules,
        rationale: input.rationale,
        duties: input.duties,
        restrictions: input.restrictions,
        tariffDataDate: input.tariff_data_date,
        validatedOn: today,
        recordedBy: staffUserId,
        recordedAt: this.deps.clock.now(),
        publishedAt: null,
      });
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action: 'classification.record_result',
        subjectType: 'classification_item',
        subjectId: row.id,
        organizationId: row.organizationId,
        before: null,
        after: {
          status: row.status,
          code: fraction + nico,
          tariff_data_date: input.tariff_data_date,
        },
      });
      return repository.updateItem(tx, row, { updatedAt: this.deps.clock.now() });
    });
  }

  /** The classifier hands the recorded result to a second person: → IN_REVIEW. */
  sendToReview(id: string, staffUserId: string, note: string | undefined) {
    return this.act(id, async (tx, row) => {
      await this.assertClassifier(row, staffUserId);
      const [result] = await repository.resultsOf(tx, row.organizationId, [row.id]);
      if (!result) throw new AppError('CLASSIFICATION_RESULT_MISSING');
      return this.workflow.move(
        tx,
        row,
        'IN_REVIEW',
        staff(staffUserId, 'classification.send_to_review'),
        {
          note,
        },
      );
    });
  }

  /** The reviewer sends it back to the classifier: → IN_CLASSIFICATION. */
  returnToClassifier(id: string, staffUserId: string, note: string | undefined) {
    return this.act(id, (tx, row) => {
      this.workflow.assertCan(row, 'IN_CLASSIFICATION');
      this.assertReviewer(row, staffUserId);
      return this.workflow.move(
        tx,
        row,
        'IN_CLASSIFICATION',
        staff(staffUserId, 'classification.return'),
        {
          note,
          values: { reviewerId: staffUserId },
        },
      );
    });
  }

  /**
   * The reviewer approves: the code checked again against today's catalogue, the fee captured
   * (once: a product back in review after a retired code was already paid), the product
   * CLASSIFIED with its code, the merchant notified.
   */
  publish(id: string, staffUserId: string) {
    return this.act(id, async (tx, row) => {
      this.workflow.assertCan(row, 'CLASSIFIED');
      this.assertReviewer(row, staffUserId);
      const [result] = await repository.resultsOf(tx, row.organizationId, [row.id]);
      if (!result) throw new AppError('CLASSIFICATION_RESULT_MISSING');
      const today = this.workflow.today();
      await this.workflow.codeInForce(result.fraction, result.nico, today);
      const fee = row.feeState === 'held' ? await this.workflow.captureFee(tx, row) : {};
      const moved = await this.workflow.move(
        tx,
        row,
        'CLASSIFIED',
        staff(staffUserId, 'classification.publish'),
        {
          values: { ...fee, reviewerId: staffUserId },
          code: { fraction: result.fraction, nico: result.nico },
        },
      );
      await repository.setResultPublished(tx, row.organizationId, row.id, {
        publishedAt: this.deps.clock.now(),
        validatedOn: today,
      });
      await this.workflow.notify(
        tx,
        row,
        {
          code: 'classification_published',
          params: { product: row.productName, code: result.fraction + result.nico },
        },
        'NOTIFICATION',
      );
      await this.deps.events.emit(
        tx,
        row.organizationId,
        'classification.published',
        { product_id: row.productId, tariff_code: result.fraction + result.nico },
        `product:${row.productId}`,
      );
      return moved;
    });
  }

  /** Insufficient information: back to the merchant, the fee kept on hold or released. */
  reject(id: string, staffUserId: string, input: ClassificationReject) {
    return this.act(id, async (tx, row) => {
      this.workflow.assertCan(row, 'REJECT');
      const fee =
        input.fee === 'release' && row.feeState === 'held'
          ? await this.workflow.releaseFee(tx, row)
          : {};
      const moved = await this.workflow.move(
        tx,
        row,
        'REJECT',
        staff(staffUserId, 'classification.reject'),
        {
          note: input.reason,
          values: { ...fee, rejectReason: input.reason },
        },
      );
      await this.warnMerchant(tx, row, 'classification_rejected', input.reason);
      return moved;
    });
  }

  /**
   * Needs a lab test, a sample or a formal ruling: the fee returned (released, or refunded when
   * already captured) or charged, the candidate codes (each in force today) listed to the merchant.
   */
  notClassifiable(id: string, staffUserId: string, input: ClassificationNotClassifiable) {
    return this.act(id, async (tx, row) => {
      this.workflow.assertCan(row, 'NOT_CLASSIFIABLE');
      const today = this.workflow.today();
      const candidates = [];
      for (const code of input.candidates) {
        const found = await this.workflow.codeInForce(code.fraction, code.nico, today);
        candidates.push({ code: found.code, description: found.description });
      }
      const fee =
        input.fee === 'refund'
          ? await this.workflow.returnFee(tx, row)
          : row.feeState === 'held'
            ? await this.workflow.captureFee(tx, row)
            : {};
      const moved = await this.workflow.move(
        tx,
        row,
        'NOT_CLASSIFIABLE',
        staff(staffUserId, 'classification.not_classifiable'),
        {
          note: input.reason,
          values: {
            ...fee,
            notClassifiableReason: input.reason,
            notClassifiableNeeds: input.needs,
            notClassifiableCandidates: candidates,
          },
        },
      );
      await this.warnMerchant(tx, row, 'classification_not_classifiable', input.reason);
      return moved;
    });
  }

  /** Tells the merchant why the product came back to them, in the action's transaction. */
  private warnMerchant(
    tx: DbOrTx,
    row: ItemRow,
    code: 'classification_rejected' | 'classification_not_classifiable',
    reason: string,
  ) {
    return this.workflow.notify(
      tx,
      row,
      { code, params: { product: row.productName, reason } },
      'WARNING',
    );
  }

  /** One staff action: the item locked for its transaction, then presented as it is after. */
  private async act(
    id: string,
    action: (tx: DbOrTx, row: ItemRow) => Promise<ItemRow>,
  ): Promise<StaffClassification> {
    const first = await repository.findItemAnywhere(this.deps.db, id);
    if (!first) throw notFound();
    await this.deps.ledger.prepareAccounts(first.organizationId);
    const row = await this.deps.db.transaction(async (tx) => {
      const locked = await repository.findItemAnywhere(tx, id, true);
      return action(tx, locked!);
    });
    return this.present(row);
  }

  /** Only the classifier who claimed it records or hands over a result, while IN_CLASSIFICATION. */
  private async assertClassifier(row: ItemRow, staffUserId: string) {
    if (row.status !== 'IN_CLASSIFICATION') {
      throw new AppError('CLASSIFICATION_TRANSITION_REFUSED', {
        from: row.status,
        to: 'IN_REVIEW',
      });
    }
    if (row.classifierId !== staffUserId) {
      const names = await this.deps.accounts.userNames(row.classifierId ? [row.classifierId] : []);
      throw new AppError('CLASSIFICATION_NOT_YOURS', {
        name: names.get(row.classifierId ?? '') ?? '',
      });
    }
  }

  /** Second-person review: whoever classified never approves or returns their own result. */
  private assertReviewer(row: ItemRow, staffUserId: string) {
    if (row.classifierId === staffUserId) {
      throw new AppError('CLASSIFICATION_REVIEWER_IS_CLASSIFIER');
    }
  }

  private async present(row: ItemRow): Promise<StaffClassification> {
    const { db } = this.deps;
    const [[result], transitions] = await Promise.all([
      repository.resultsOf(db, row.organizationId, [row.id]),
      repository.transitionsOf(db, row.organizationId, row.id),
    ]);
    const people = transitions.flatMap((transition) => transition.actorId ?? []);
    const [names, products] = await Promise.all([this.names([row], people), this.snapshots([row])]);
    return presentStaff(row, result, transitions, names, products, this.workflow.today());
  }

  private async names(rows: ItemRow[], more: string[] = []) {
    const { accounts } = this.deps;
    const [organizations, users] = await Promise.all([
      accounts.organizationNames([...new Set(rows.map((row) => row.organizationId))]),
      accounts.userNames([
        ...new Set([
          ...rows.flatMap((row) => [row.classifierId ?? [], row.reviewerId ?? []].flat()),
          ...more,
        ]),
      ]),
    ]);
    return { organizations, users };
  }

  /** The products' views, each read within its organization. */
  private async snapshots(rows: ItemRow[]): Promise<ProductSnapshots> {
    const byOrganization = new Map<string, string[]>();
    for (const row of rows) {
      byOrganization.set(row.organizationId, [
        ...(byOrganization.get(row.organizationId) ?? []),
        row.productId,
      ]);
    }
    const views = await Promise.all(
      [...byOrganization].map(([organizationId, ids]) =>
        this.deps.products.getMany(organizationId, [...new Set(ids)]),
      ),
    );
    return new Map(views.flat().map((view) => [view.id, view]));
  }
}

const staff = (userId: string, action: AuditAction) => ({
  kind: 'staff' as const,
  userId,
  action,
});
