import type { ShipmentDetail } from '@despacho/domain';
import { useQueryClient } from '@tanstack/react-query';
import { GuideCancellation } from '../../../ui/GuideCancellation';
import { refreshShipmentLists, shipmentsApi, shipmentsKeys } from '../api';

/** A guide's cancellation on its page: the guide and the lists are read again after it. */
export function CancellationCard({ shipment }: { shipment: ShipmentDetail }) {
  const queryClient = useQueryClient();
  const detailKey = shipmentsKeys.get({ params: { id: shipment.id } });
  return (
    <GuideCancellation
      shipment={shipment}
      cancel={() => shipmentsApi.cancel(shipment.id)}
      refresh={async (answered) => {
        if (answered) {
          queryClient.setQueryData<ShipmentDetail>(detailKey, (current) =>
            current ? { ...current, ...answered } : current,
          );
        }
        await queryClient.invalidateQueries({ queryKey: detailKey });
        if (answered) await refreshShipmentLists(queryClient);
      }}
    />
  );
}
