import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryViewSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointStatusSchema,
  webhookEndpointViewSchema,
  webhookEventCatalogueSchema,
  webhookSecretAnswerSchema,
} from './webhooks.schemas';

/** The development screen belongs to the company's settings (its menu key). */
const access = 'settings.my_company';
const one = z.object({ data: webhookEndpointViewSchema });
const delivery = z.object({ data: webhookDeliveryViewSchema });
const tags = ['developers'];

/**
 * Outgoing webhooks (`development`): endpoints the organization registers, signed deliveries in
 * the Standard Webhooks format and their log. The API implements it in
 * modules/developers/webhooks.routes.ts, the web calls it from features/developers.
 */
export const webhooksContract = defineContract('webhooks', {
  events: defineOperation({
    method: 'GET',
    path: '/webhook-events',
    access,
    tags,
    description:
      "The event catalogue: each event type an endpoint may receive, with its `data`'s JSON Schema.",
    responses: { 200: webhookEventCatalogueSchema },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/webhook-endpoints',
    access,
    tags,
    description: 'The organization’s webhook endpoints, the newest first.',
    responses: { 200: z.object({ data: z.array(webhookEndpointViewSchema) }) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/webhook-endpoints',
    access,
    tags,
    description:
      'Registers an endpoint for the events picked. The URL must be HTTPS to a public address in production (422 WEBHOOK_URL_NOT_ALLOWED). Answers the signing secret (`whsec_…`) this once.',
    body: webhookEndpointSchema,
    responses: { 201: webhookSecretAnswerSchema },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/webhook-endpoints/:id',
    access,
    tags,
    params: webhookEndpointParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/webhook-endpoints/:id',
    access,
    tags,
    description:
      'Replaces an endpoint’s URL, description, events and whether it is enabled; the secret stays.',
    params: webhookEndpointParamsSchema,
    body: webhookEndpointSchema,
    responses: { 200: one },
  }),
  setStatus: defineOperation({
    method: 'PATCH',
    path: '/webhook-endpoints/:id/status',
    access,
    tags,
    description:
      'Enables or disables an endpoint. Enabling one disabled for failing starts its count again; events of the time it was off are not sent.',
    params: webhookEndpointParamsSchema,
    body: webhookEndpointStatusSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/webhook-endpoints/:id',
    access,
    tags,
    description: 'Deletes an endpoint and its delivery log; deliveries under way stop.',
    params: webhookEndpointParamsSchema,
    responses: { 204: null },
  }),
  rotateSecret: defineOperation({
    method: 'POST',
    path: '/webhook-endpoints/:id/rotate-secret',
    access,
    tags,
    description:
      'Issues a new signing secret, answered this once. For 24 hours every delivery carries two signatures, with the new secret and the previous one, so the receiver can switch without losing events.',
    params: webhookEndpointParamsSchema,
    responses: { 200: webhookSecretAnswerSchema },
  }),
  sendTest: defineOperation({
    method: 'POST',
    path: '/webhook-endpoints/:id/test',
    access,
    tags,
    description: 'Sends a `webhook.test` event to the endpoint now; its delivery shows in the log.',
    params: webhookEndpointParamsSchema,
    responses: { 202: delivery },
  }),
  deliveries: defineOperation({
    method: 'GET',
    path: '/webhook-endpoints/:id/deliveries',
    access,
    tags,
    description:
      'The endpoint’s delivery log, the newest first: each delivery with its attempts (status, latency, the start of the answer).',
    params: webhookEndpointParamsSchema,
    query: webhookDeliveriesQuerySchema,
    responses: { 200: pageSchema(webhookDeliveryViewSchema) },
  }),
  delivery: defineOperation({
    method: 'GET',
    path: '/webhook-endpoints/:id/deliveries/:deliveryId',
    access,
    tags,
    description: 'One delivery with the body that was sent and its attempts.',
    params: webhookDeliveryParamsSchema,
    responses: { 200: z.object({ data: webhookDeliveryDetailSchema }) },
  }),
  resend: defineOperation({
    method: 'POST',
    path: '/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    access,
    tags,
    description:
      'Sends the delivery’s event again, with the same `webhook-id`, as a new delivery in the log.',
    params: webhookDeliveryParamsSchema,
    responses: { 202: delivery },
  }),
});
