import type { ShipmentDetail } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { LabelButtons } from '../../../ui/LabelButtons';
import { shipmentsApi } from '../api';

/** The guide's label on its page: print, PDF, or ZPL for thermal printers. */
export function LabelActions({ shipment }: { shipment: ShipmentDetail }) {
  const { t } = useTranslation('shipments');
  return (
    <LabelButtons
      fileBase={`guia-${shipment.tracking_number ?? shipment.id}`}
      pdf={() => shipmentsApi.labelPdf(shipment.id)}
      zpl={() => shipmentsApi.labelZpl(shipment.id)}
      texts={{
        print: t('detail.label.print'),
        pdf: t('detail.label.pdf'),
        zpl: t('detail.label.zpl'),
        failed: t('detail.label.failed'),
      }}
    />
  );
}
