// The orders module's public surface: the dashboard counts orders through the service.
export type { OrdersService } from './orders.service';
export type { StoresForOrders } from './orders.stores';
