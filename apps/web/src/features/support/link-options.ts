import {
  billingContract,
  depositsContract,
  entriesContract,
  formatMoney,
  ordersContract,
  shipmentsContract,
  type TicketLinkKind,
} from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** How many of the merchant's newest records the picker offers (a search narrows them). */
const PICKER_SIZE = 20;

interface Option {
  value: string;
  label: string;
}

/** The merchant's own records of each kind a ticket can be about, as picker options. */
const OPTIONS: Record<TicketLinkKind, (search: string | undefined) => Promise<Option[]>> = {
  shipment: async (search) =>
    (await call(shipmentsContract.list, { query: { search, pageSize: PICKER_SIZE } })).data.map(
      (row) => ({ value: row.id, label: row.tracking_number ?? row.id.slice(0, 8) }),
    ),
  deposit: async () =>
    (await call(depositsContract.list, { query: { pageSize: PICKER_SIZE } })).data.map((row) => ({
      value: row.id,
      label: [formatMoney(row.amount_centavos), row.tracking_key].filter(Boolean).join(' · '),
    })),
  invoice: async () =>
    (await call(billingContract.list, { query: { pageSize: PICKER_SIZE } })).data.map((row) => ({
      value: row.id,
      label: row.folio_label,
    })),
  order: async (search) =>
    (await call(ordersContract.list, { query: { search, pageSize: PICKER_SIZE } })).data.map(
      (row) => ({ value: row.id, label: row.number }),
    ),
  entry: async (search) =>
    (await call(entriesContract.list, { query: { search, pageSize: PICKER_SIZE } })).data.map(
      (row) => ({ value: row.id, label: `#${row.number}` }),
    ),
};

export function useLinkOptions(kind: TicketLinkKind | null, search: string | undefined) {
  return useQuery({
    queryKey: ['tickets', 'link-options', kind, search ?? ''],
    queryFn: () => OPTIONS[kind!](search || undefined),
    enabled: kind !== null,
    // A record the user may not read (no permission for its module) offers nothing.
    retry: false,
  });
}

/** Where a linked record opens in the app; deposits and invoices open their list. */
export function linkPath(kind: TicketLinkKind, id: string): string {
  const paths: Record<TicketLinkKind, string> = {
    shipment: `/app/shippings/${id}`,
    deposit: '/app/finance/deposits',
    invoice: '/app/finance/billing',
    order: `/app/orders/${id}`,
    entry: `/app/products/entry-detail/${id}`,
  };
  return paths[kind];
}
