import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { conversationMessageSchema, messageCreateSchema } from '../support/schemas';
import { z } from '../validation';
import {
  staffOrganizationParamsSchema,
  staffVerificationDocumentParamsSchema,
  staffVerificationSchema,
  staffVerificationsQuerySchema,
  staffVerificationSummarySchema,
  verificationDownloadQuerySchema,
  verificationRejectSchema,
} from '../verification/schemas';
import { auditEntrySchema, staffAuditQuerySchema } from './audit';
import { staffFlowSchema, staffFlowsQuerySchema } from './flows';
import { staffJobSchema, staffJobsQuerySchema } from './jobs';
import {
  staffProviderFailureSchema,
  staffProviderFailuresQuerySchema,
  staffProviderSchema,
} from './providers';
import {
  staffConversationSchema,
  staffConversationsQuerySchema,
  staffConversationSummarySchema,
} from './schemas';

const access = 'staff';
const conversationAnswer = z.object({ data: staffConversationSchema });
const verificationAnswer = z.object({ data: staffVerificationSchema });

/**
 * The operators' console (`/staff`): platform staff answer every organization's consultant chat,
 * review account verifications and read the audit log of what they did. The API implements it
 * in modules/staff/staff.routes.ts; the web calls it from the features it serves (support,
 * verification, audit).
 */
export const staffContract = defineContract('staff', {
  conversations: defineOperation({
    method: 'GET',
    path: '/staff/conversations',
    access,
    query: staffConversationsQuerySchema,
    responses: { 200: pageSchema(staffConversationSummarySchema) },
  }),
  conversation: defineOperation({
    method: 'GET',
    path: '/staff/conversations/:id',
    access,
    params: idParamsSchema,
    responses: { 200: conversationAnswer },
  }),
  answer: defineOperation({
    method: 'POST',
    path: '/staff/conversations/:id/messages',
    access,
    params: idParamsSchema,
    body: messageCreateSchema,
    responses: { 201: z.object({ data: conversationMessageSchema }) },
  }),
  close: defineOperation({
    method: 'POST',
    path: '/staff/conversations/:id/close',
    access,
    params: idParamsSchema,
    responses: { 200: conversationAnswer },
  }),
  verifications: defineOperation({
    method: 'GET',
    path: '/staff/verifications',
    access,
    query: staffVerificationsQuerySchema,
    responses: { 200: pageSchema(staffVerificationSummarySchema) },
  }),
  verification: defineOperation({
    method: 'GET',
    path: '/staff/verifications/:organizationId',
    access,
    params: staffOrganizationParamsSchema,
    responses: { 200: verificationAnswer },
  }),
  document: defineOperation({
    method: 'GET',
    path: '/staff/verifications/:organizationId/documents/:kind',
    access,
    summary: 'A submitted document; `download=1` asks the browser to save it',
    params: staffVerificationDocumentParamsSchema,
    query: verificationDownloadQuerySchema,
    download: true,
  }),
  approve: defineOperation({
    method: 'POST',
    path: '/staff/verifications/:organizationId/approve',
    access,
    params: staffOrganizationParamsSchema,
    responses: { 200: verificationAnswer },
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/staff/verifications/:organizationId/reject',
    access,
    params: staffOrganizationParamsSchema,
    body: verificationRejectSchema,
    responses: { 200: verificationAnswer },
  }),
  audit: defineOperation({
    method: 'GET',
    path: '/staff/audit',
    access,
    query: staffAuditQuerySchema,
    responses: { 200: pageSchema(auditEntrySchema) },
  }),
});

/**
 * `staff/jobs`: background jobs that failed (decision 021), and retrying one. Its own contract
 * because modules/staff/staff-jobs.routes.ts implements it; documented under the staff tag.
 */
export const staffJobsContract = defineContract('staff-jobs', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/jobs',
    access,
    tags: ['staff'],
    summary: 'Background jobs waiting for a retry or failed for good, newest first',
    query: staffJobsQuerySchema,
    responses: { 200: pageSchema(staffJobSchema) },
  }),
  retry: defineOperation({
    method: 'POST',
    path: '/staff/jobs/:id/retry',
    access,
    tags: ['staff'],
    summary: 'Runs a job that failed for good once more, now',
    params: idParamsSchema,
    responses: { 200: z.object({ data: staffJobSchema }) },
  }),
});

/**
 * `staff/exits/:id/label.pdf`: the label of the guide staff bought for a warehouse exit, to print
 * it at the warehouse. Staff reach a guide only through the exit it ships, never by a shipment id
 * of any organization. Implemented in modules/staff/staff-labels.routes.ts.
 */
export const staffLabelsContract = defineContract('staff-labels', {
  exitLabel: defineOperation({
    method: 'GET',
    path: '/staff/exits/:id/label.pdf',
    access,
    tags: ['staff'],
    download: true,
    summary: 'The label of the guide that shipped a warehouse exit (4×6 in PDF)',
    description: '404 when the exit does not exist or has no guide yet.',
    params: idParamsSchema,
  }),
});

/**
 * `staff/flows`: work that spans domains (decision 028), with the step each run is at and the
 * step that failed and why. Implemented by modules/staff/staff-flows.routes.ts.
 */
export const staffFlowsContract = defineContract('staff-flows', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/flows',
    access,
    tags: ['staff'],
    summary: 'Flow runs (exit dispatches…), newest first, with their step and failure',
    query: staffFlowsQuerySchema,
    responses: { 200: pageSchema(staffFlowSchema) },
  }),
});

/**
 * `staff/providers`: the outside providers (carriers, payments, PAC, SMS, file storage), their
 * mode and last outcome, and their latest failures (issue 27). Implemented in
 * modules/staff/staff-providers.routes.ts.
 */
export const staffProvidersContract = defineContract('staff-providers', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/providers',
    access,
    tags: ['staff'],
    summary: 'Each provider: live, test or sandbox, and whether its last call went well',
    description:
      'Configured providers first, by kind; then any called since but no longer configured (mode null). No secret is ever part of the answer.',
    responses: { 200: z.object({ data: z.array(staffProviderSchema) }) },
  }),
  failures: defineOperation({
    method: 'GET',
    path: '/staff/providers/failures',
    access,
    tags: ['staff'],
    summary: "Providers' failed calls of the last 30 days, newest first",
    query: staffProviderFailuresQuerySchema,
    responses: { 200: pageSchema(staffProviderFailureSchema) },
  }),
});
