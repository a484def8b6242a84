import {
  EXCHANGE_RATE_SCALE,
  invoiceTotals,
  mexicoDate,
  type Language,
  type PageMeta,
  type ProductView,
  type T1CreateInput,
  type T1QuoteRequest,
  type T1QuoteView,
  type T1Shipment,
  type T1ShipmentsQuery,
  type T1ShipmentSummary,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { LocationsService } from '../addresses';
import type { TariffFractionsService } from '../catalogs';
import type { ProductsService } from '../products';
import type {
  CancellationService,
  PurchaseService,
  QuotesService,
  ShipmentsService,
} from '../shipments';
import { commercialInvoicePdf } from './commercial-invoice-pdf';
import { customsDeclarationOf } from './customs-declaration';
import type { CustomsService } from './customs.service';
import * as repository from './declarations.repository';
import type { DeclarationRow } from './declarations.repository';
import type { StoredLine } from './international.tables';
import { checkLines } from './line-checks';
import type { InternationalRatesService } from './rates.service';
import { foreignAddressView, purchaseOf, quoteEnds } from './t1-parties';
import { declarationView, dutiesIn, t1Summary } from './t1.view';

export interface InternationalDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'NODE_ENV'>;
  locations: Pick<LocationsService, 'get'>;
  products: Pick<ProductsService, 'getMany'>;
  tariffFractions: Pick<TariffFractionsService, 'inForce' | 'catalogueLoaded'>;
  rates: InternationalRatesService;
  quotes: Pick<QuotesService, 'quoteBetween' | 'get'>;
  purchases: Pick<PurchaseService, 'purchase'>;
  shipments: Pick<ShipmentsService, 'get' | 'label' | 'summariesOf'>;
  cancellation: Pick<CancellationService, 'request'>;
  customs: Pick<CustomsService, 'onPurchased' | 'eventsOf'>;
}

/** The Carta Porte keys when the product has none: "No existe en el catálogo", a piece. */
const UNKNOWN_SAT_PRODUCT = '01010101';
const PIECE = 'H87';

/**
 * International courier shipments (issue 25, T1), for the merchant: the quote (every line
 * checked, international rates and the duties estimate), the purchase through the guides' one
 * purchase path, the list, the detail with tracking and customs status, the label and the
 * commercial invoice. Always scoped by the caller's organization.
 */
export class InternationalService {
  constructor(private readonly deps: InternationalDeps) {}

  private today() {
    return mexicoDate(this.deps.clock.now());
  }

  async quote(
    organizationId: string,
    userId: string,
    request: T1QuoteRequest,
    language: Language,
  ): Promise<T1QuoteView> {
    const { deps } = this;
    const day = this.today();
    const productIds = [...new Set(request.lines.map((line) => line.product_id))];
    const [location, products] = await Promise.all([
      deps.locations.get(organizationId, request.location_id),
      deps.products.getMany(organizationId, productIds),
    ]);
    if (products.length !== productIds.length) throw notFound();
    const checked = await checkLines(
      {
        tariffFractions: deps.tariffFractions,
        restrictionsOf: (fractions, direction, on) =>
          deps.rates.restrictionsOf(fractions, direction, on),
      },
      request.lines,
      request.direction,
      day,
      language,
    );
    const { subtotals, total } = invoiceTotals(request.lines);
    const duties = await deps.rates.estimate(
      {
        direction: request.direction,
        country: request.abroad.country,
        incoterm: request.incoterm,
        currency: request.currency,
        invoiceTotalCents: total,
        day,
      },
      language,
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    const lines = request.lines.map((line, index) =>
      storedLine(line, byId.get(line.product_id)!, checked[index]!, subtotals[index]!),
    );
    const quote = await deps.quotes.quoteBetween(
      organizationId,
      userId,
      { ...quoteEnds(request.direction, location, request.abroad), parcels: request.packages },
      language,
    );
    const row = await repository.insertDeclaration(deps.db, {
      organizationId,
      createdBy: userId,
      direction: request.direction,
      locationId: location.id,
      abroad: foreignAddressView(request.abroad),
      currency: request.currency,
      lines,
      parcels: quote.parcels,
      invoiceTotalCents: total,
      incoterm: request.incoterm,
      reason: request.reason,
      reasonDetail: request.reason_detail ?? null,
      recipientTaxId: request.recipient_tax_id ?? null,
      reference: request.reference ?? null,
      duties,
      shippingQuoteId: quote.id,
      createdAt: deps.clock.now(),
    });
    return this.quoteView(row, language);
  }

  async getQuote(organizationId: string, id: string, language: Language): Promise<T1QuoteView> {
    const row = await repository.findDeclaration(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.quoteView(row, language);
  }

  private async quoteView(row: DeclarationRow, language: Language): Promise<T1QuoteView> {
    const quote = await this.deps.quotes.get(row.organizationId, row.shippingQuoteId, language);
    return {
      ...declarationView(row, language),
      id: row.id,
      parcels: quote.parcels,
      rates: quote.rates,
      unavailable: quote.unavailable,
      shipment_id: row.shipmentId,
      created_at: row.createdAt.toISOString(),
      expires_at: quote.expires_at,
    };
  }

  /**
   * Buys the quoted shipment at one of its rates through the guides' purchase (the same
   * Idempotency-Key answers the same guide and charges once), then links the guide to its
   * declaration. Only the guide is charged: the duties stay an estimate.
   */
  async create(
    organizationId: string,
    userId: string,
    idempotencyKey: string,
    input: T1CreateInput,
    language: Language,
  ): Promise<{ shipment: T1Shipment; replayed: boolean }> {
    const { deps } = this;
    const row = await repository.findDeclaration(deps.db, organizationId, input.quote_id);
    if (!row) throw notFound();
    const location = await deps.locations.get(organizationId, row.locationId);
    const { data, origin } = purchaseOf({
      direction: row.direction,
      location,
      abroad: row.abroad,
      parcels: row.parcels,
      lines: row.lines,
      currency: row.currency,
      usdMxn: Math.round(Number(row.duties.exchange_rate.usd_mxn) * EXCHANGE_RATE_SCALE),
      shippingQuoteId: row.shippingQuoteId,
      rateId: input.rate_id,
      reference: row.reference,
    });
    const bought = await deps.purchases
      .purchase({
        organizationId,
        userId,
        idempotencyKey,
        language,
        data,
        ...(origin ? { origin } : {}),
        customs: customsDeclarationOf(row, mexicoDate(deps.clock.now())),
      })
      .catch((error: unknown) => {
        // Bought already with another key: the quote is used.
        if (row.shipmentId && error instanceof AppError && error.code === 'QUOTE_ALREADY_USED') {
          throw new AppError('T1_QUOTE_ALREADY_BOUGHT');
        }
        throw error;
      });
    const linked = await deps.customs.onPurchased(row, bought.shipment);
    return {
      shipment: await this.detailOf(linked, bought.shipment, language),
      replayed: bought.replayed,
    };
  }

  async list(
    organizationId: string,
    query: T1ShipmentsQuery,
    language: Language,
  ): Promise<{ data: T1ShipmentSummary[]; meta: PageMeta }> {
    const { rows, total } = await repository.findPage(this.deps.db, organizationId, query);
    const summaries = await this.deps.shipments.summariesOf(
      organizationId,
      rows.map((row) => row.shipmentId!),
      language,
    );
    return {
      data: rows.flatMap((row) => {
        const guide = summaries.get(row.shipmentId!);
        return guide ? [t1Summary(row, guide)] : [];
      }),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, shipmentId: string, language: Language): Promise<T1Shipment> {
    const row = await this.declarationOf(organizationId, shipmentId);
    const shipment = await this.deps.shipments.get(organizationId, shipmentId, language);
    return this.detailOf(row, shipment, language);
  }

  private async detailOf(
    row: DeclarationRow,
    shipment: T1Shipment['shipment'],
    language: Language,
  ): Promise<T1Shipment> {
    return {
      ...declarationView(row, language),
      id: shipment.id,
      quote_id: row.id,
      shipment,
      customs_status: row.customsStatus,
      customs_events: await this.deps.customs.eventsOf(row),
      created_at: (row.purchasedAt ?? row.createdAt).toISOString(),
    };
  }

  private async declarationOf(organizationId: string, shipmentId: string) {
    const row = await repository.findByShipment(this.deps.db, organizationId, shipmentId);
    if (!row) throw notFound();
    return row;
  }

  /** Asks the carrier to cancel the guide (the guides' cancellation: refunded once confirmed). */
  async cancel(organizationId: string, shipmentId: string, language: Language) {
    await this.declarationOf(organizationId, shipmentId);
    await this.deps.cancellation.request(organizationId, shipmentId);
    return this.get(organizationId, shipmentId, language);
  }

  /** The guide's label (PDF); NOT_FOUND unless it is one of the organization's T1 shipments. */
  async label(organizationId: string, shipmentId: string) {
    await this.declarationOf(organizationId, shipmentId);
    return this.deps.shipments.label(organizationId, shipmentId, 'pdf');
  }

  /** The commercial invoice (PDF) of a bought shipment; T1_INVOICE_UNAVAILABLE before. */
  async commercialInvoice(organizationId: string, shipmentId: string, language: Language) {
    const row = await this.declarationOf(organizationId, shipmentId);
    const shipment = await this.deps.shipments.get(organizationId, shipmentId, language);
    if (shipment.purchase_state !== 'purchased' || !shipment.tracking_number) {
      throw new AppError('T1_INVOICE_UNAVAILABLE');
    }
    return {
      type: 'application/pdf',
      fileName: `factura-comercial-${shipment.tracking_number}.pdf`,
      content: await commercialInvoicePdf({
        declaration: row,
        duties: dutiesIn(row.duties, row.direction, language),
        shipment,
        sandbox: this.deps.config.NODE_ENV !== 'production',
      }),
    };
  }
}

function storedLine(
  line: T1QuoteRequest['lines'][number],
  product: ProductView,
  checked: { fraction: string; nico: string; row: { description: string } },
  subtotal: number,
): StoredLine {
  return {
    product: { id: product.id, name: product.name, sku: product.variants[0]?.sku ?? null },
    description: line.description,
    tariff_code: checked.fraction + checked.nico,
    fraction: checked.fraction,
    nico: checked.nico,
    tariff_description: checked.row.description,
    quantity: line.quantity,
    unit_value: line.unit_value,
    subtotal,
    origin_country: line.origin_country,
    sat_product_code: product.sat_product_code ?? UNKNOWN_SAT_PRODUCT,
    sat_unit_code: product.sat_unit_code ?? PIECE,
  };
}
