import { defineNotifications } from '../notifications/define';
import { z } from '../validation';
import { T1_CUSTOMS_STATUSES, T1_CUSTOMS_STATUS_LABELS } from './rules';

/** What international shipments tell a merchant: the customs status of a guide changed. */
export const INTERNATIONAL_NOTIFICATIONS = defineNotifications({
  t1_customs_status: {
    params: z.object({ tracking_number: z.string(), status: z.enum(T1_CUSTOMS_STATUSES) }),
    texts: ({ tracking_number, status }) => ({
      es: {
        title: `Aduana: ${T1_CUSTOMS_STATUS_LABELS[status].es}`,
        body: `Tu envío internacional ${tracking_number} está «${T1_CUSTOMS_STATUS_LABELS[status].es}».`,
      },
      en: {
        title: `Customs: ${T1_CUSTOMS_STATUS_LABELS[status].en}`,
        body: `Your international shipment ${tracking_number} is “${T1_CUSTOMS_STATUS_LABELS[status].en}”.`,
      },
    }),
  },
});
