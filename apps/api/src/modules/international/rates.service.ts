import {
  ANY_COUNTRY,
  dutiesUsdCents,
  EXCHANGE_RATE_SCALE,
  pickDutyBand,
  toMxnCentavos,
  toUsdCents,
  type DutyRateData,
  type DutyRatesQuery,
  type DutyRateView,
  type ExchangeRateInput,
  type ExchangeRateView,
  type Language,
  type PageMeta,
  type PaginationQuery,
  type RestrictionData,
  type RestrictionsQuery,
  type RestrictionView,
  type T1Currency,
  type T1Direction,
  type T1Duties,
  type T1Incoterm,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import * as repository from './rates.repository';
import type { DutyRateRow, ExchangeRateRow, RestrictionRow } from './rates.repository';

/** "33.5" from 3350 basis points. */
const percentText = (basisPoints: number) => String(basisPoints / 100);

/** "18.5000" from 185000 ten-thousandths. */
const rateText = (usdMxn: number) => (usdMxn / EXCHANGE_RATE_SCALE).toFixed(4);

/** A band as an estimate cites it. */
const dutyBandView = (row: DutyRateRow): NonNullable<T1Duties['band']> => ({
  id: row.id,
  label: row.label,
  country: row.country,
  min_value_usd_cents: row.minValueUsdCents,
  max_value_usd_cents: row.maxValueUsdCents,
  rate_basis_points: row.rateBasisPoints,
  rate_percent: percentText(row.rateBasisPoints),
  effective_from: row.effectiveFrom,
  effective_to: row.effectiveTo,
  source: row.source,
});

export const dutyRateView = (row: DutyRateRow): DutyRateView => ({
  ...dutyBandView(row),
  direction: row.direction,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const exchangeRateView = (row: ExchangeRateRow): ExchangeRateView => ({
  id: row.id,
  usd_mxn: rateText(row.usdMxn),
  effective_from: row.effectiveFrom,
  source: row.source,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const restrictionView = (row: RestrictionRow): RestrictionView => ({
  id: row.id,
  fraction: row.fraction,
  scope: row.scope,
  authority: row.authority,
  kind: row.kind,
  code: row.code,
  description: row.description,
  source: row.source,
  effective_from: row.effectiveFrom,
  effective_to: row.effectiveTo,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const usd = (cents: number) => (cents / 100).toFixed(2);
const mxn = (centavos: number) =>
  (centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the estimate means, in the reader's language. */
export function dutiesNote(
  duties: Omit<T1Duties, 'note'>,
  direction: T1Direction,
  language: Language,
): string {
  const payer = {
    recipient: {
      es: 'los paga quien recibe al mensajero (DAP)',
      en: 'the recipient pays them to the courier (DAP)',
    },
    shipper: {
      es: 'los paga quien envía, facturados por el mensajero (DDP)',
      en: 'the shipper pays them, billed by the courier (DDP)',
    },
  }[duties.payer][language];
  if (!duties.band) {
    return language === 'es'
      ? `Sin estimación: no hay una tasa vigente para este destino; la aduana de destino fija los impuestos y ${payer}.`
      : `No estimate: there is no rate in force for this destination; its customs set the duties and ${payer}.`;
  }
  const country = duties.band.country === ANY_COUNTRY ? null : duties.band.country;
  const where = {
    es: direction === 'import' ? 'México' : country ? `el destino (${country})` : 'el destino',
    en:
      direction === 'import'
        ? 'Mexico'
        : country
          ? `the destination (${country})`
          : 'the destination',
  }[language];
  return language === 'es'
    ? `Estimación de impuestos en ${where}: ${duties.band.rate_percent} % sobre ${usd(duties.value_usd_cents)} USD (${duties.band.label}), tipo de cambio ${duties.exchange_rate.usd_mxn} del ${duties.exchange_rate.effective_from}, aprox. $${mxn(duties.duties_mxn_centavos ?? 0)} MXN; ${payer}. Despacho solo cobra la guía.`
    : `Duties estimate in ${where}: ${duties.band.rate_percent}% of ${usd(duties.value_usd_cents)} USD (${duties.band.label}), exchange rate ${duties.exchange_rate.usd_mxn} of ${duties.exchange_rate.effective_from}, approx. MXN ${mxn(duties.duties_mxn_centavos ?? 0)}; ${payer}. Despacho charges only the guide.`;
}

/** A saved row, or the table's duplicate error (null) or NOT_FOUND (an unknown id). */
function saved<Row>(
  row: Row | null | undefined,
  duplicate: 'T1_DUTY_RATE_DUPLICATE' | 'T1_EXCHANGE_RATE_DUPLICATE' | 'T1_RESTRICTION_DUPLICATE',
): Row {
  if (row === null) throw new AppError(duplicate);
  if (!row) throw notFound();
  return row;
}

export interface EstimateInput {
  direction: T1Direction;
  /** ISO alpha-2 of the side abroad: the origin of an import, the destination of an export. */
  country: string;
  incoterm: T1Incoterm;
  currency: T1Currency;
  invoiceTotalCents: number;
  /** YYYY-MM-DD (Mexico City). */
  day: string;
}

/**
 * The staff-maintained tables of the courier path (duty bands, USD→MXN exchange rates,
 * restrictions per fracción, all with effective dates) and the duties estimate read from them.
 */
export class InternationalRatesService {
  constructor(private readonly deps: { db: Db; clock: Clock; audit: AuditLog }) {}

  /**
   * The duties and taxes estimate shown before paying, with its basis. An import whose value no
   * band covers (above the simplified procedure's ceiling) is T1_NO_DUTY_RATE; an export
   * without a row of its destination answers no estimate (`band` null).
   */
  async estimate(input: EstimateInput, language: Language, db: DbOrTx = this.deps.db) {
    const [rate, bands] = await Promise.all([
      repository.exchangeRateOn(db, input.day),
      repository.dutyBandsOn(db, input.direction, input.country, input.day),
    ]);
    if (!rate) throw new AppError('T1_NO_EXCHANGE_RATE', { day: input.day });
    const valueUsdCents = toUsdCents(input.invoiceTotalCents, input.currency, rate.usdMxn);
    const band = pickDutyBand(bands, {
      direction: input.direction,
      country: input.country,
      valueUsdCents,
      day: input.day,
    });
    if (!band && input.direction === 'import') {
      throw new AppError('T1_NO_DUTY_RATE', { value: usd(valueUsdCents) });
    }
    const dutiesUsd = band ? dutiesUsdCents(valueUsdCents, band.rateBasisPoints) : null;
    const duties: Omit<T1Duties, 'note'> = {
      day: input.day,
      payer: input.incoterm === 'DDP' ? 'shipper' : 'recipient',
      invoice_total_cents: input.invoiceTotalCents,
      currency: input.currency,
      value_usd_cents: valueUsdCents,
      exchange_rate: {
        id: rate.id,
        usd_mxn: rateText(rate.usdMxn),
        effective_from: rate.effectiveFrom,
        source: rate.source,
      },
      band: band && dutyBandView(band),
      duties_usd_cents: dutiesUsd,
      duties_mxn_centavos: dutiesUsd === null ? null : toMxnCentavos(dutiesUsd, rate.usdMxn),
    };
    return { ...duties, note: dutiesNote(duties, input.direction, language) };
  }

  /** The restrictions in force on `day` that stop these fracciones in this direction. */
  restrictionsOf(fractions: string[], direction: T1Direction, day: string) {
    if (fractions.length === 0) return Promise.resolve([]);
    return repository.restrictionsOn(this.deps.db, [...new Set(fractions)], direction, day);
  }

  // ——— Staff ———

  async dutyRates(query: DutyRatesQuery): Promise<{ data: DutyRateView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findDutyRates(this.deps.db, query);
    return {
      data: rows.map(dutyRateView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async saveDutyRate(staffUserId: string, data: DutyRateData, id?: string) {
    const row = await this.audited(
      staffUserId,
      { action: 't1.duty_rate', subjectType: 't1_duty_rate', table: 'duty_rate', id },
      'T1_DUTY_RATE_DUPLICATE',
      (tx) =>
        repository.saveDutyRate(
          tx,
          {
            direction: data.direction,
            country: data.country,
            minValueUsdCents: data.min_value_usd,
            maxValueUsdCents: data.max_value_usd,
            rateBasisPoints: data.rate_percent,
            label: data.label,
            source: data.source,
            effectiveFrom: data.effective_from,
            effectiveTo: data.effective_to,
            updatedBy: staffUserId,
            updatedAt: this.deps.clock.now(),
          },
          id,
        ),
    );
    return dutyRateView(row);
  }

  async exchangeRates(
    query: PaginationQuery,
  ): Promise<{ data: ExchangeRateView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findExchangeRates(this.deps.db, query);
    return {
      data: rows.map(exchangeRateView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async saveExchangeRate(staffUserId: string, data: ExchangeRateInput, id?: string) {
    const row = await this.audited(
      staffUserId,
      { action: 't1.exchange_rate', subjectType: 't1_exchange_rate', table: 'exchange_rate', id },
      'T1_EXCHANGE_RATE_DUPLICATE',
      (tx) =>
        repository.saveExchangeRate(
          tx,
          {
            usdMxn: Math.round(Number(data.usd_mxn) * EXCHANGE_RATE_SCALE),
            effectiveFrom: data.effective_from,
            source: data.source,
            updatedBy: staffUserId,
            updatedAt: this.deps.clock.now(),
          },
          id,
        ),
    );
    return exchangeRateView(row);
  }

  async restrictions(
    query: RestrictionsQuery,
  ): Promise<{ data: RestrictionView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findRestrictions(this.deps.db, query);
    return {
      data: rows.map(restrictionView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async saveRestriction(staffUserId: string, data: RestrictionData, id?: string) {
    const row = await this.audited(
      staffUserId,
      { action: 't1.restriction', subjectType: 't1_restriction', table: 'restriction', id },
      'T1_RESTRICTION_DUPLICATE',
      (tx) =>
        repository.saveRestriction(
          tx,
          {
            fraction: data.fraction,
            scope: data.scope,
            authority: data.authority,
            kind: data.kind,
            code: data.code,
            description: data.description,
            source: data.source,
            effectiveFrom: data.effective_from,
            effectiveTo: data.effective_to,
            updatedBy: staffUserId,
            updatedAt: this.deps.clock.now(),
          },
          id,
        ),
    );
    return restrictionView(row);
  }

  /**
   * A staff change to one of the tables, in one transaction with its audit entry (the row
   * before, locked, and after); a duplicate is refused with `duplicate` and changes nothing.
   */
  private audited<Row extends { id: string }>(
    staffUserId: string,
    subject: {
      action: 't1.duty_rate' | 't1.exchange_rate' | 't1.restriction';
      subjectType: 't1_duty_rate' | 't1_exchange_rate' | 't1_restriction';
      table: repository.StaffTable;
      id: string | undefined;
    },
    duplicate: Parameters<typeof saved>[1],
    save: (tx: DbOrTx) => Promise<Row | null | undefined>,
  ): Promise<Row> {
    return this.deps.db.transaction(async (tx) => {
      const before = subject.id ? await repository.lockedRow(tx, subject.table, subject.id) : null;
      const row = saved(await save(tx), duplicate);
      await this.deps.audit.record(tx, {
        actorId: staffUserId,
        action: subject.action,
        subjectType: subject.subjectType,
        subjectId: row.id,
        organizationId: null,
        before: before ?? null,
        after: row,
      });
      return row;
    });
  }
}
