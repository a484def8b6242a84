import {
  customersContract,
  shipmentsContract,
  type CustomerView,
  type ShipmentCreateInput,
  type ShipmentDetail,
} from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { ApiError, unwrap } from '../../lib/http';
import { accountsApi, accountsKeys } from '../../lib/api/accounts';
import { customersApi, customersKeys } from '../../lib/api/customers';

/**
 * Buying a guide (decision 017): `POST shipments` with an `Idempotency-Key`, the insurance
 * invoice upload, the label files, and the lookups of the wizard's steps.
 */

/** While the first request with a key is still under way the API answers this; retry it. */
export const PURCHASE_IN_PROGRESS = 'PURCHASE_IN_PROGRESS';
/** Waits between retries of a purchase still in progress (then the error is shown). */
export const PURCHASE_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/** The stamped sales invoice insurance needs: a PDF or XML of at most 1 MB. */
export const INSURANCE_INVOICE_RULES = {
  maxFileBytes: 1024 * 1024,
  extensions: ['.pdf', '.xml'],
  accept: '.pdf,.xml,application/pdf,application/xml,text/xml',
} as const;

export function invoiceFileProblem(file: File): 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | null {
  const name = file.name.toLowerCase();
  if (!INSURANCE_INVOICE_RULES.extensions.some((extension) => name.endsWith(extension))) {
    return 'FILE_TYPE_NOT_ALLOWED';
  }
  return file.size > INSURANCE_INVOICE_RULES.maxFileBytes ? 'FILE_TOO_LARGE' : null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const purchaseApi = {
  create: (body: ShipmentCreateInput, idempotencyKey: string) =>
    unwrap(call(shipmentsContract.purchase, { body, idempotencyKey })),
  /** The file travels in the multipart field the contract declares. */
  uploadInvoice: (file: File) => unwrap(call(shipmentsContract.uploadInsuranceInvoice, { file })),
};

/**
 * Buys the guide; while the API says the same key is still being processed (a double click, a
 * retry after a lost answer) it asks again, same key, after a short wait.
 */
export async function purchaseShipment(
  body: ShipmentCreateInput,
  idempotencyKey: string,
  delays: readonly number[] = PURCHASE_RETRY_DELAYS_MS,
): Promise<ShipmentDetail> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await purchaseApi.create(body, idempotencyKey);
    } catch (error) {
      const delay = delays[attempt];
      const inProgress = error instanceof ApiError && error.code === PURCHASE_IN_PROGRESS;
      if (!inProgress || delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/** Customers matching `search` (name, company, email, phone or zip), for the destination step. */
export function useCustomerSearch(search: string, enabled: boolean) {
  const input = { query: { search: search || undefined, page: 1, pageSize: 20 } };
  return useQuery({
    queryKey: customersKeys.list(input),
    queryFn: () => call(customersContract.list, input),
    select: (page) => page.data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One customer with every address. */
export function useCustomerDetail(id: string | null) {
  return useQuery<CustomerView>({
    queryKey: customersKeys.detail(id ?? ''),
    queryFn: () => customersApi.get(id!),
    enabled: Boolean(id),
  });
}

/** Who the CFDI of the guide is issued to; null when the organization has none registered. */
export function useInvoiceTaxInfo(enabled: boolean) {
  return useQuery({
    queryKey: accountsKeys.taxInfo(),
    queryFn: accountsApi.taxInfo,
    enabled,
    retry: false,
  });
}
