import { staffWarehousesContract, type WarehouseData } from '@despacho/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { staffWarehouseKeys } from '../../lib/api/staff-warehouses';
import { unwrap } from '../../lib/http';

export const warehousesApi = {
  create: (warehouse: WarehouseData) =>
    unwrap(call(staffWarehousesContract.create, { body: warehouse })),
  update: (id: string, warehouse: WarehouseData) =>
    unwrap(call(staffWarehousesContract.update, { params: { id }, body: warehouse })),
};

export function useRefreshWarehouses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffWarehouseKeys.all });
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
