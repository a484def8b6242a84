/**
 * What the WooCommerce sandbox store keeps for a site, shaped as WooCommerce's REST API v3
 * answers it (snake_case, money as decimal strings, GMT dates without a zone, to the second).
 */

export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone: string;
}

export interface WooLineItem {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  /** Unit price, a number as WooCommerce answers it. */
  price: number;
  total: string;
}

export interface WooNote {
  id: number;
  note: string;
  customer_note: boolean;
  date_created_gmt: string;
}

/** An item of the Shipment Tracking extension. */
export interface WooTracking {
  tracking_id: string;
  tracking_provider: string;
  tracking_number: string;
  tracking_link: string;
  date_shipped: string;
}

export interface WooOrder {
  id: number;
  number: string;
  status: string;
  currency: string;
  total: string;
  shipping_total: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  billing: WooAddress;
  shipping: WooAddress;
  line_items: WooLineItem[];
  refunds: { id: number; total: string }[];
  meta_data: { id: number; key: string; value: unknown }[];
}

export interface WooWebhook {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  delivery_url: string;
  secret: string;
  api_version: string;
  /** Consecutive failed deliveries; the webhook is disabled at five. */
  failure_count: number;
  date_created_gmt: string;
}
