import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { satProductsAnswerSchema } from './sat-products';
import { satUnitsAnswerSchema, satUnitsQuerySchema } from './sat-units';
import {
  postalCodeParamsSchema,
  postalCodeSchema,
  satProductParamsSchema,
  satProductSchema,
  satProductsQuerySchema,
} from './schemas';
import { tariffFractionsAnswerSchema, tariffFractionsQuerySchema } from './tariff';

const access = 'signed-in';

/**
 * The catalogues behind the forms' fields: postal codes (address forms), SAT Carta Porte
 * products and units (packages, products, a shipment's goods), SAT tariff fractions (products). The SAT tax catalogues of the tax
 * information form are the accounts contract's (`satCatalogs`). The API implements it in
 * modules/catalogs/catalogs.routes.ts, the web calls it from lib/postal-codes.ts,
 * lib/sat-products.ts and lib/sat-units.ts.
 */
export const catalogsContract = defineContract('catalogs', {
  postalCode: defineOperation({
    method: 'GET',
    path: '/postal-codes/:zip',
    access,
    params: postalCodeParamsSchema,
    responses: { 200: z.object({ data: postalCodeSchema }) },
  }),
  satProducts: defineOperation({
    method: 'GET',
    path: '/sat-products',
    access,
    description:
      'Up to 20 codes of c_ClaveProdServCP: digits match codes by prefix, other text the words of the description and similar words (accent-insensitive). Before the catalogue is imported it answers the built-in common codes that match, with meta.catalogue_loaded false.',
    query: satProductsQuerySchema,
    responses: { 200: satProductsAnswerSchema },
  }),
  satProduct: defineOperation({
    method: 'GET',
    path: '/sat-products/:code',
    access,
    description:
      'One code of c_ClaveProdServCP, or 404 SAT_PRODUCT_NOT_FOUND. Before the catalogue is imported, a built-in common code, or 404 SAT_PRODUCTS_NOT_LOADED.',
    params: satProductParamsSchema,
    responses: { 200: z.object({ data: satProductSchema }) },
  }),
  satUnits: defineOperation({
    method: 'GET',
    path: '/sat-units',
    access,
    description:
      'Up to 20 keys of c_ClaveUnidad: a key or its start matches keys (any case), other text the words of the name (accent-insensitive). Before the catalogue is imported it answers the built-in common units that match, with meta.catalogue_loaded false.',
    query: satUnitsQuerySchema,
    responses: { 200: satUnitsAnswerSchema },
  }),
  tariffFractions: defineOperation({
    method: 'GET',
    path: '/tariff-fractions',
    access,
    description:
      'Up to 20 codes of c_FraccionArancelaria (8-digit fracción + 2-digit NICO): digits (dots and spaces allowed) match codes by prefix, so a fracción answers its NICOs; other text the words of the description (accent-insensitive). Before the catalogue is imported it answers no codes, with meta.catalogue_loaded false.',
    query: tariffFractionsQuerySchema,
    responses: { 200: tariffFractionsAnswerSchema },
  }),
});
