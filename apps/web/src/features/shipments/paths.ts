/** Where the shipping screens live (decision 017). */
export const SHIPMENTS_PATH = '/app/shippings';
/** Create shipment: the screen that buys a guide. */
export const CREATE_SHIPMENT_PATH = '/app/shipment';
export const PICKUP_PATH = '/app/pickup';

export const shipmentPath = (id: string) => `${SHIPMENTS_PATH}/${encodeURIComponent(id)}`;

/** The public tracking page of a guide: no sign-in. */
export { trackingPagePath as trackingPath } from '@despacho/domain';
