import { staffWarehousesContract, type WarehouseData } from '@despacho/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

const warehouseKeys = queryKeys(staffWarehousesContract);

/** The platform's warehouses (`/staff/warehouses`), active and not. */
export function useWarehouses() {
  return useQuery({
    queryKey: warehouseKeys.list(),
    queryFn: () => unwrap(call(staffWarehousesContract.list)),
  });
}

export const warehousesApi = {
  create: (warehouse: WarehouseData) =>
    unwrap(call(staffWarehousesContract.create, { body: warehouse })),
  update: (id: string, warehouse: WarehouseData) =>
    unwrap(call(staffWarehousesContract.update, { params: { id }, body: warehouse })),
};

export function useRefreshWarehouses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
}

/** Activates or deactivates a warehouse (refused while any merchant keeps stock there). */
export function useSetWarehouseActive() {
  const refresh = useRefreshWarehouses();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      unwrap(call(staffWarehousesContract.setStatus, { params: { id }, body: { active } })),
    onSuccess: refresh,
  });
}
