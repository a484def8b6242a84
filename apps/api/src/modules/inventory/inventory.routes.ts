import { inventoryContract, staffWarehousesContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

/** The inventory screen (`products/inventory`), as `inventoryContract` declares it. */
export const inventoryRoutes: AppModule = async (app, { inventory }) => {
  implement(app, inventoryContract, {
    locations: async (request) => ({ data: await inventory.locations(organizationOf(request)) }),
    setKeepsStock: async (request) => ({
      data: await inventory.setKeepsStock(
        organizationOf(request),
        request.params.locationId,
        request.body.keeps_stock,
      ),
    }),
    list: async (request) => inventory.list(organizationOf(request), request.query),
    movements: async (request) =>
      inventory.movements(organizationOf(request), request.params.variantId, request.query),
    adjust: async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const data = await inventory.adjust(organizationOf(request), request.body, {
        actorId: authOf(request).userId,
        idempotencyKey,
        cause: 'adjustment',
        language: request.language,
      });
      return reply.status(data.replayed ? 200 : 201).send({ data });
    },
  });
};

/** The staff console of warehouses, as `staffWarehousesContract` declares it. */
export const staffWarehousesRoutes: AppModule = async (app, { warehouses }) => {
  implement(app, staffWarehousesContract, {
    list: async () => ({ data: await warehouses.list() }),
    create: async (request) => ({
      data: await warehouses.create(request.body, authOf(request).userId),
    }),
    update: async (request) => ({
      data: await warehouses.update(request.params.id, request.body, authOf(request).userId),
    }),
    setStatus: async (request) => ({
      data: await warehouses.setStatus(
        request.params.id,
        request.body.active,
        authOf(request).userId,
      ),
    }),
    adjust: async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const data = await warehouses.adjust(request.body, {
        actorId: authOf(request).userId,
        idempotencyKey,
        language: request.language,
      });
      return reply.status(data.replayed ? 200 : 201).send({ data });
    },
  });
};
