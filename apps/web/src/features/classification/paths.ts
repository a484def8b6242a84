/** Where the classification screens live (spec §2), for links between them. */
export const CLASSIFICATIONS_PATH = '/app/tariff-classification';
export const CLASSIFICATION_CREATE_PATH = `${CLASSIFICATIONS_PATH}/create`;
/** A request: its products, results and dictámenes, and the rejected ones to complete. */
export const classificationPath = (id: string, itemId?: string) =>
  `${CLASSIFICATION_CREATE_PATH}/${id}${itemId ? `#item-${itemId}` : ''}`;
export const staffClassificationPath = (id: string) => `/staff/classification/${id}`;
/** The product's own form, where its data sheet and photos are uploaded. */
export const productEditPath = (id: string) => `/app/products/edit/${id}`;
