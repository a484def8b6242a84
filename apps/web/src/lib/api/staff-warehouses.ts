import { staffWarehousesContract } from '@despacho/domain';
import { useQuery } from '@tanstack/react-query';
import { call, queryKeys } from '../api-client';
import { unwrap } from '../http';

/** Shared by the staff screens that filter by warehouse (receiving, dispatch) and edit them. */
export const staffWarehouseKeys = queryKeys(staffWarehousesContract);

/** The platform's warehouses (`/staff/warehouses`), active and not. */
export function useWarehouses() {
  return useQuery({
    queryKey: staffWarehouseKeys.list(),
    queryFn: () => unwrap(call(staffWarehousesContract.list)),
  });
}
