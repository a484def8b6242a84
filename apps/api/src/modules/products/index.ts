// The products module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ProductsService, ProductProblem } from './products.service';
export { productSearchText, handleFor } from './products.search';
export type { ProductMedia } from './product-media.service';
export type { ProductVariantsService } from './product-variants.service';
