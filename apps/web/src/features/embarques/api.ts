import {
  billingContract,
  embarquesContract,
  type DocumentKind,
  type OperationQuery,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKeys } from '../../lib/api/wallet';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const EMBARQUES_PAGE_SIZE = 20;

export type EmbarquesQuery = OperationQuery<typeof embarquesContract.list>;

export const embarquesKeys = queryKeys(embarquesContract);

export function useEmbarques(query: EmbarquesQuery) {
  return useQuery({
    queryKey: embarquesKeys.list({ query }),
    queryFn: () => call(embarquesContract.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useEmbarque(id: string) {
  return useQuery({
    queryKey: embarquesKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(embarquesContract.get, { params: { id } })),
  });
}

/**
 * Pays a request from the balance. The key is the caller's (one per click of one request, kept
 * while it is retried), so a double click or a lost answer charges once; the balance in the
 * header and the embarque are read again after it.
 */
export function usePayRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, key }: { paymentId: string; key: string }) =>
      unwrap(call(embarquesContract.pay, { params: { id, paymentId }, idempotencyKey: key })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: embarquesKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}

export function useUploadDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) =>
      unwrap(call(embarquesContract.uploadDocument, { params: { id }, file, fields: { kind } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: embarquesKeys.all }),
  });
}

/**
 * The merchant's files: the embarque's documents and its invoices' PDF (the embarque's own
 * route, open to whoever sees my-shipments); the XML through billing, for those who hold it.
 */
export const merchantFiles = {
  document: (id: string, documentId: string) =>
    call(embarquesContract.document, { params: { id, documentId } }),
  invoice: (id: string, invoiceId: string, format: 'xml' | 'pdf') =>
    format === 'pdf'
      ? call(embarquesContract.invoice, { params: { id, invoiceId } })
      : call(billingContract.xml, { params: { id: invoiceId } }),
};
