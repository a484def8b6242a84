// The products module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ProductsService, ProductProblem } from './products.service';
export { productSearchText, handleFor } from './products.search';
export type { ProductVariantsService } from './product-variants.service';
