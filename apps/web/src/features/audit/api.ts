import { staffContract } from '@despacho/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

const staffKeys = queryKeys(staffContract);

export function useAuditLog(page: number) {
  const query = { page, pageSize: AUDIT_PAGE_SIZE };
  return useQuery({
    queryKey: staffKeys.audit({ query }),
    queryFn: () => call(staffContract.audit, { query }),
    placeholderData: keepPreviousData,
  });
}
