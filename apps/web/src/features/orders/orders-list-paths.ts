/** Where the list links to (spec §2); WEB-B's detail and wizard pages live at these paths. */
export const ORDERS_PATH = '/app/orders';
export const ORDER_CREATE_PATH = `${ORDERS_PATH}/create`;
export const orderPath = (id: string) => `${ORDERS_PATH}/${id}`;
export const bulkRunPath = (id: string) => `${ORDERS_PATH}/fulfillment?bulk=${id}`;
