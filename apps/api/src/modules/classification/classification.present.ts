import type {
  ClassificationItem,
  ClassificationRequest,
  ClassificationRequestSummary,
  ClassificationResult,
  ProductView,
  StaffClassification,
  StaffClassificationSummary,
} from '@despacho/domain';
import {
  businessDaysLeft,
  staffClassificationDatasheetUrl,
  staffClassificationImageUrl,
} from '@despacho/domain';
import type { ItemRow, RequestRow, ResultRow, TransitionRow } from './classification.repository';

/** What a view reads of the products: name, SKU and first image, by id. */
export type ProductSnapshots = Map<string, ProductView>;

export function productSnapshot(
  row: Pick<ItemRow, 'productId' | 'productName'>,
  products: ProductSnapshots,
) {
  const product = products.get(row.productId);
  return {
    id: row.productId,
    name: product?.name ?? row.productName,
    sku: product?.variants[0]?.sku ?? null,
    thumbnail_url: product?.images[0]?.thumbnail_url ?? null,
  };
}

export function presentResult(row: ResultRow): ClassificationResult {
  return {
    code: row.fraction + row.nico,
    fraction: row.fraction,
    nico: row.nico,
    customs_unit: { code: row.umt, name: row.umtDescription },
    chain: row.chain,
    rationale: { rules: row.rationaleRules, text: row.rationale },
    duties: row.duties,
    restrictions: row.restrictions,
    tariff_data_date: row.tariffDataDate,
    validated_on: row.validatedOn,
  };
}

const inputsOf = (row: ItemRow) => ({
  description: row.description,
  materials: row.materials,
  use: row.use,
  brand: row.brand,
  model: row.model,
  origin_country: row.originCountry,
  notes: row.notes,
});

const notClassifiableOf = (row: ItemRow) =>
  row.status === 'NOT_CLASSIFIABLE' && row.notClassifiableReason && row.notClassifiableNeeds
    ? {
        reason: row.notClassifiableReason,
        needs: row.notClassifiableNeeds,
        candidates: row.notClassifiableCandidates ?? [],
      }
    : null;

const feeOf = (row: ItemRow) => ({
  amount_centavos: row.feeCentavos,
  vat_centavos: row.vatCentavos,
  state: row.feeState,
});

/**
 * The merchant's view of one product: the result only once published (a result in preparation
 * or under review is staff's).
 */
export function presentItem(
  row: ItemRow,
  result: ResultRow | undefined,
  products: ProductSnapshots,
): ClassificationItem {
  return {
    id: row.id,
    request_id: row.requestId,
    product: productSnapshot(row, products),
    status: row.status,
    inputs: inputsOf(row),
    fee: feeOf(row),
    due_date: row.dueDate,
    result: result?.publishedAt ? presentResult(result) : null,
    reject_reason: row.status === 'REJECT' ? row.rejectReason : null,
    not_classifiable: notClassifiableOf(row),
    can_resubmit: row.status === 'REJECT',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A request's due date: the latest of its products'. */
const dueDateOf = (items: ItemRow[]) =>
  items.reduce((latest, item) => (item.dueDate > latest ? item.dueDate : latest), '');

export function presentRequest(
  row: RequestRow,
  items: ItemRow[],
  results: Map<string, ResultRow>,
  products: ProductSnapshots,
): ClassificationRequest {
  return {
    id: row.id,
    number: row.number,
    created_at: row.createdAt.toISOString(),
    due_date: dueDateOf(items),
    total_centavos: items.reduce((sum, item) => sum + item.feeCentavos, 0),
    vat_centavos: items.reduce((sum, item) => sum + item.vatCentavos, 0),
    items: items.map((item) => presentItem(item, results.get(item.id), products)),
  };
}

export function presentRequestSummary(
  row: RequestRow,
  items: ItemRow[],
  results: Map<string, ResultRow>,
  products: ProductSnapshots,
): ClassificationRequestSummary {
  const { items: _items, ...request } = presentRequest(row, items, results, products);
  return {
    ...request,
    items: items.map((item) => {
      const result = results.get(item.id);
      return {
        id: item.id,
        product: productSnapshot(item, products),
        status: item.status,
        code: result?.publishedAt ? result.fraction + result.nico : null,
      };
    }),
  };
}

/** Names the staff views show: organizations and people, by id. */
export interface StaffNames {
  organizations: Map<string, string>;
  users: Map<string, string>;
}

const person = (id: string | null, names: StaffNames) =>
  id ? { id, name: names.users.get(id) ?? '' } : null;

/** The cover's thumbnail at the console's own operation (the organization's refuses staff). */
const staffThumbnail = (row: ItemRow, products: ProductSnapshots) => {
  const cover = products.get(row.productId)?.images[0];
  return cover ? staffClassificationImageUrl(row.id, cover.id, 'thumbnail') : null;
};

export function presentStaffSummary(
  row: ItemRow,
  names: StaffNames,
  products: ProductSnapshots,
  today: string,
): StaffClassificationSummary {
  const left = businessDaysLeft(today, row.dueDate);
  const open = row.status !== 'CLASSIFIED' && row.status !== 'NOT_CLASSIFIABLE';
  return {
    id: row.id,
    request_id: row.requestId,
    organization: {
      id: row.organizationId,
      name: names.organizations.get(row.organizationId) ?? '',
    },
    product: { ...productSnapshot(row, products), thumbnail_url: staffThumbnail(row, products) },
    status: row.status,
    due_date: row.dueDate,
    business_days_left: left,
    late: open && left < 0,
    classifier: person(row.classifierId, names),
    reviewer: person(row.reviewerId, names),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentStaff(
  row: ItemRow,
  result: ResultRow | undefined,
  transitions: TransitionRow[],
  names: StaffNames,
  products: ProductSnapshots,
  today: string,
): StaffClassification {
  const product = products.get(row.productId);
  return {
    ...presentStaffSummary(row, names, products, today),
    inputs: inputsOf(row),
    fee: feeOf(row),
    datasheet: product?.datasheet
      ? { name: product.datasheet.name, url: staffClassificationDatasheetUrl(row.id) }
      : null,
    images:
      product?.images.map((image) => ({
        id: image.id,
        url: staffClassificationImageUrl(row.id, image.id),
        thumbnail_url: staffClassificationImageUrl(row.id, image.id, 'thumbnail'),
      })) ?? [],
    result: result ? presentResult(result) : null,
    reject_reason: row.rejectReason,
    not_classifiable: notClassifiableOf(row),
    transitions: transitions.map((transition) => ({
      from: transition.fromStatus,
      to: transition.toStatus,
      actor: {
        kind: transition.actorKind,
        name:
          transition.actorKind === 'system'
            ? 'Despacho'
            : (names.users.get(transition.actorId ?? '') ?? ''),
      },
      note: transition.note,
      at: transition.createdAt.toISOString(),
    })),
  };
}
