import { productsContract, type ProductImportView, type ProductsQuery } from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../../lib/api-client';
import { unwrap } from '../../../lib/http';

/** The export's filters: the list's, without its page and order. */
export type ProductExportFilters = Partial<Omit<ProductsQuery, 'page' | 'pageSize' | 'sort'>>;

const productsKeys = queryKeys(productsContract);

/** How often a running import is asked for its progress. */
const POLL_MS = 1000;

/** Nothing more happens to it without the merchant (`checked` waits for the confirmation). */
const settled = (status: ProductImportView['status'] | undefined) =>
  status === 'done' || status === 'failed' || status === 'invalid' || status === 'checked';

export const productImportsApi = {
  upload: (file: File) => unwrap(call(productsContract.import, { file })),
  status: (id: string) => unwrap(call(productsContract.importStatus, { params: { id } })),
  apply: (id: string) => unwrap(call(productsContract.importApply, { params: { id } })),
  exportCsv: (filters: ProductExportFilters) => call(productsContract.export, { query: filters }),
};

export function useUploadImport() {
  return useMutation({ mutationFn: productImportsApi.upload });
}

/** The merchant's confirmation of a checked import; the status query follows it from there. */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: productImportsApi.apply,
    // Asked again, the status polls until the job is done.
    onSuccess: (view) =>
      queryClient.invalidateQueries({
        queryKey: productsKeys.importStatus({ params: { id: view.id } }),
      }),
  });
}

/**
 * An import's progress, asked every second until it is done or failed; once done, every
 * products query (the list above all) is read again.
 */
export function useImportStatus(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: productsKeys.importStatus({ params: { id: id ?? '' } }),
    queryFn: async () => {
      const view = await productImportsApi.status(id!);
      if (view.status === 'done') {
        await queryClient.invalidateQueries({
          queryKey: productsKeys.all,
          predicate: (query) => query.queryKey[1] !== 'importStatus',
        });
      }
      return view;
    },
    enabled: id !== null,
    refetchInterval: (query) => (settled(query.state.data?.status) ? false : POLL_MS),
  });
}
