import {
  staffEmbarquesContract,
  type DocumentKind,
  type OperationBody,
  type OperationQuery,
  type StaffEmbarque,
} from '@despacho/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';
import { QUEUE_POLL_MS } from '../../lib/useQueueParams';

export const STAFF_EMBARQUES_PAGE_SIZE = 20;

export type StaffEmbarquesQuery = OperationQuery<typeof staffEmbarquesContract.list>;

const C = staffEmbarquesContract;
export const staffEmbarquesKeys = queryKeys(C);

export function useStaffEmbarques(query: StaffEmbarquesQuery) {
  return useQuery({
    queryKey: staffEmbarquesKeys.list({ query }),
    queryFn: () => call(C.list, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_POLL_MS,
  });
}

export function useStaffEmbarque(id: string) {
  return useQuery({
    queryKey: staffEmbarquesKeys.get({ params: { id } }),
    queryFn: () => unwrap(call(C.get, { params: { id } })),
  });
}

/** Merchant organizations by name, for opening an embarque. */
export function useEmbarqueOrganizations(search: string, enabled: boolean) {
  const query = { search: search || undefined };
  return useQuery({
    queryKey: staffEmbarquesKeys.organizations({ query }),
    queryFn: () => unwrap(call(C.organizations, { query })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A merchant organization's products by name, SKU or barcode, for an embarque's lines. */
export function useEmbarqueProducts(organizationId: string, search: string) {
  const request = { params: { organizationId }, query: { search: search || undefined } };
  return useQuery({
    queryKey: staffEmbarquesKeys.products(request),
    queryFn: () => unwrap(call(C.products, request)),
    placeholderData: keepPreviousData,
  });
}

export function useCreateEmbarque() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationBody<typeof C.create>) => unwrap(call(C.create, { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffEmbarquesKeys.all }),
  });
}

/**
 * One staff action on an embarque: each answers the embarque as it now stands, which replaces
 * the cached detail at once; the lists are read again.
 */
function useAction<I>(id: string, action: (input: I) => Promise<{ data: StaffEmbarque }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(action(input)),
    onSuccess: (embarque) => {
      queryClient.setQueryData(staffEmbarquesKeys.get({ params: { id } }), embarque);
      return queryClient.invalidateQueries({ queryKey: staffEmbarquesKeys.list() });
    },
  });
}

const params = (id: string) => ({ params: { id } });

export const useUpdateEmbarque = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.update>) => call(C.update, { ...params(id), body }));
export const useSetLines = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.setLines>) =>
    call(C.setLines, { ...params(id), body }),
  );
export const useMoveStep = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.moveStep>) =>
    call(C.moveStep, { ...params(id), body }),
  );
export const useRecordPedimento = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.recordPedimento>) =>
    call(C.recordPedimento, { ...params(id), body }),
  );
export const useRecordSemaforo = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.recordSemaforo>) =>
    call(C.recordSemaforo, { ...params(id), body }),
  );
export const useRequestPayment = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.requestPayment>) =>
    call(C.requestPayment, { ...params(id), body }),
  );
export const useCancelPayment = (id: string) =>
  useAction(id, (paymentId: string) => call(C.cancelPayment, { params: { id, paymentId } }));
export const useSetExpenses = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.setExpenses>) =>
    call(C.setExpenses, { ...params(id), body }),
  );
export const useSettle = (id: string) => useAction(id, () => call(C.settle, params(id)));
export const useRecordSupplierPayment = (id: string) =>
  useAction(id, (body: OperationBody<typeof C.recordSupplierPayment>) =>
    call(C.recordSupplierPayment, { ...params(id), body }),
  );
export const useIssueInvoice = (id: string) => useAction(id, () => call(C.invoice, params(id)));

/** Uploads and removals answer the document (or nothing): the detail is read again. */
export function useStaffDocuments(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffEmbarquesKeys.all });
  return {
    upload: useMutation({
      mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) =>
        unwrap(call(C.uploadDocument, { ...params(id), file, fields: { kind } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (documentId: string) => call(C.deleteDocument, { params: { id, documentId } }),
      onSuccess: refresh,
    }),
  };
}

export const staffDocument = (id: string, documentId: string) =>
  call(C.document, { params: { id, documentId } });
