// The products module's public surface (ARCHITECTURE §2): what other modules may import.
export type { ProductVariantsService } from './product-variants.service';
