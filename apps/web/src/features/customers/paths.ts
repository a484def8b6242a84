/** The customers screens' paths (spec §2 spellings: `clients`, `create`, `clients/:id`, `client/:id`). */
export const CUSTOMERS_PATH = '/app/clients';
export const CREATE_CUSTOMER_PATH = '/app/create';
export const customerPath = (id: string) => `/app/client/${id}`;
export const editCustomerPath = (id: string) => `/app/clients/${id}`;
