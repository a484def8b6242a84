/** Where the product screens live (spec §2), for links between them. */
export const PRODUCTS_PATH = '/app/products';
export const PRODUCT_CREATE_PATH = `${PRODUCTS_PATH}/create`;
export const COLLECTIONS_PATH = `${PRODUCTS_PATH}/collections`;
export const productEditPath = (id: string) => `${PRODUCTS_PATH}/edit/${id}`;
