import type {
  DayRange,
  Language,
  PageMeta,
  ShipmentDetail,
  ShipmentsQuery,
  ShipmentSummary,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { mergePdfs } from '../carriers';
import * as activityRepository from './activity.repository';
import * as repository from './shipments.repository';
import type { ShipmentRow } from './shipments.repository';
import { shipmentDetail, shipmentSummary, type DetailParts } from './shipments.view';

/** How many destination states the dashboard's bar list shows. */
const TOP_STATES = 8;

export interface ShipmentsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
}

/**
 * Guides as the merchant reads them (decision 017): the list, the detail and the labels, always
 * scoped by the caller's organization (another organization's id is NOT_FOUND). Buying one is
 * `PurchaseService`.
 */
export class ShipmentsService {
  constructor(private readonly deps: ShipmentsDeps) {}

  /** Guides bought and not cancelled (the dashboard's figure), all or those of `days`. */
  countMade(organizationId: string, days?: DayRange): Promise<number> {
    return activityRepository.countMade(this.deps.db, organizationId, days);
  }

  /** The dashboard's charts of `days`: guides made per day by carrier, the top destination states. */
  async activity(organizationId: string, days: DayRange) {
    const [perDay, topStates] = await Promise.all([
      activityRepository.madePerDay(this.deps.db, organizationId, days),
      activityRepository.topDestinationStates(this.deps.db, organizationId, days, TOP_STATES),
    ]);
    return { perDay, topStates };
  }

  /** One page of the organization's guides, newest first (see `repository.findPage`). */
  /** The movement history's label of guides: their tracking numbers, by id. */
  trackingNumbersOf(organizationId: string, ids: string[]): Promise<Map<string, string>> {
    return repository.findTrackingNumbers(this.deps.db, organizationId, ids);
  }

  async list(
    organizationId: string,
    query: ShipmentsQuery,
    language: Language,
  ): Promise<{ data: ShipmentSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.findPage(this.deps.db, organizationId, query);
    return {
      data: await this.summariesOfRows(organizationId, rows, language),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * The list rows of the organization's guides `ids`, by id (another organization's are
   * absent): what a domain that keeps its own records beside guides shows of them (issue 25).
   */
  async summariesOf(
    organizationId: string,
    ids: string[],
    language: Language,
  ): Promise<Map<string, ShipmentSummary>> {
    const rows = await repository.findShipments(this.deps.db, organizationId, ids);
    const summaries = await this.summariesOfRows(organizationId, rows, language);
    return new Map(summaries.map((summary) => [summary.id, summary]));
  }

  private async summariesOfRows(
    organizationId: string,
    rows: ShipmentRow[],
    language: Language,
  ): Promise<ShipmentSummary[]> {
    const pickupIds = [...new Set(rows.flatMap((row) => (row.pickupId ? [row.pickupId] : [])))];
    const [packages, pickups] = await Promise.all([
      repository.packagesOf(
        this.deps.db,
        rows.map((row) => row.id),
      ),
      repository.pickupsByIds(this.deps.db, organizationId, pickupIds),
    ]);
    return rows.map((row) =>
      shipmentSummary(
        row,
        packages.filter((pkg) => pkg.shipmentId === row.id),
        pickups.find((pickup) => pickup.id === row.pickupId),
        language,
      ),
    );
  }

  async get(organizationId: string, id: string, language: Language): Promise<ShipmentDetail> {
    const row = await repository.findShipment(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.detailOf(row, language);
  }

  /** The detail of a guide; `known` are parts the caller already holds (not read again). */
  async detailOf(
    row: ShipmentRow,
    language: Language,
    known: Partial<Omit<DetailParts, 'row'>> = {},
  ): Promise<ShipmentDetail> {
    const { db } = this.deps;
    const [quoteStatus, packages, products, events, pickup] = await Promise.all([
      known.quoteStatus ?? repository.quoteStatusOf(db, row.organizationId, row.quoteId),
      known.packages ?? repository.packagesOf(db, [row.id]),
      known.products ?? repository.productsOf(db, row.id),
      known.events ?? repository.eventsOf(db, row.id),
      known.pickup !== undefined || !row.pickupId
        ? (known.pickup ?? null)
        : repository
            .pickupsByIds(db, row.organizationId, [row.pickupId])
            .then((rows) => rows[0] ?? null),
    ]);
    return shipmentDetail(
      { row, quoteStatus: quoteStatus!, packages, products, events, pickup },
      { language, now: this.deps.clock.now(), appUrl: this.deps.config.APP_URL },
    );
  }

  /** A guide's label as the carrier issued it, and the file name to save it under. */
  async label<F extends 'pdf' | 'zpl'>(organizationId: string, id: string, format: F) {
    const label = await repository.findLabel(this.deps.db, organizationId, id, format);
    if (!label) throw notFound();
    return { fileName: `guia-${label.trackingNumber}.${format}`, content: label.content };
  }

  /** One PDF with the labels of `ids`, in that order: NOT_FOUND if any is foreign or has none. */
  async labels(organizationId: string, ids: string[]): Promise<Uint8Array> {
    const found = await repository.findPdfLabels(this.deps.db, organizationId, [...new Set(ids)]);
    const byId = new Map(found.map((label) => [label.id, label.pdf]));
    const documents = ids.map((id) => {
      const pdf = byId.get(id);
      if (!pdf) throw notFound();
      return new Uint8Array(pdf);
    });
    return mergePdfs(documents);
  }
}
