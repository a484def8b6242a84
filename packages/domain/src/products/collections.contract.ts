import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  collectionParamsSchema,
  collectionProductsSchema,
  collectionSchema,
  collectionsQuerySchema,
  collectionViewSchema,
} from './collections';

const access = 'warehousing.products';
const one = z.object({ data: collectionViewSchema });

/**
 * Collections (`products/collections`): the API implements it in
 * modules/products/collections.routes.ts. A collection's products are listed with
 * `GET /products?collection_id=`.
 */
export const collectionsContract = defineContract('collections', {
  list: defineOperation({
    method: 'GET',
    path: '/collections',
    access,
    description: 'One page of collections by name; `search` matches the name.',
    query: collectionsQuerySchema,
    responses: { 200: pageSchema(collectionViewSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/collections',
    access,
    description:
      'Creates a collection; its name must be new in the organization (409 COLLECTION_NAME_TAKEN).',
    body: collectionSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/collections/:id',
    access,
    params: collectionParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/collections/:id',
    access,
    params: collectionParamsSchema,
    body: collectionSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/collections/:id',
    access,
    description: 'Deletes a collection; its products stay.',
    params: collectionParamsSchema,
    responses: { 204: null },
  }),
  addProducts: defineOperation({
    method: 'POST',
    path: '/collections/:id/products',
    access,
    description:
      'Adds products to the collection (those already in it stay once); a product of another organization is 404.',
    params: collectionParamsSchema,
    body: collectionProductsSchema,
    responses: { 200: one },
  }),
  removeProducts: defineOperation({
    method: 'POST',
    path: '/collections/:id/products/remove',
    access,
    description: 'Takes products out of the collection; the products stay.',
    params: collectionParamsSchema,
    body: collectionProductsSchema,
    responses: { 200: one },
  }),
});
