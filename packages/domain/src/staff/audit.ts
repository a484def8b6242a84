import { z } from '../validation';
import { paginationQuerySchema } from '../pagination';

/**
 * The audit log of the operators' console: every action platform staff take on an organization's
 * data, with the state before and after, written in the transaction of the action.
 */
export const AUDIT_ACTIONS = [
  'verification.approve',
  'verification.reject',
  'conversation.answer',
  'conversation.close',
  'ticket.open',
  'ticket.answer',
  'ticket.assign',
  'ticket.merge',
  'ticket.close',
  'deposit.approve',
  'deposit.reject',
  'deposit.reconcile',
  'deposit.refund_card',
  'bank_transfer.assign',
  'bank_transfer.return',
  'bank_statement.import',
  'job.retry',
  'warehouse.create',
  'warehouse.update',
  'warehouse.status',
  'stock.adjust',
  'entry.receive',
  'entry.reclassify',
  'entry.incident',
  'entry.resolve_incident',
  'entry.close',
  'exit.ship',
  'classification.claim',
  'classification.record_result',
  'classification.send_to_review',
  'classification.return',
  'classification.publish',
  'classification.reject',
  'classification.not_classifiable',
  'embarque.create',
  'embarque.update',
  'embarque.lines',
  'embarque.step',
  'embarque.pedimento',
  'embarque.semaforo',
  'embarque.document_upload',
  'embarque.document_delete',
  'embarque.request_payment',
  'embarque.cancel_payment',
  'embarque.expenses',
  'embarque.settle',
  'embarque.supplier_payment',
  'embarque.invoice',
  't1.duty_rate',
  't1.exchange_rate',
  't1.restriction',
  'carrier_account.update',
  'carrier_account.remove',
  'invoice.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SUBJECT_TYPES = [
  'verification',
  'conversation',
  'ticket',
  'deposit',
  'bank_transfer',
  'bank_statement',
  'job',
  'warehouse',
  'stock_operation',
  'entry',
  'exit',
  'classification_item',
  'embarque',
  't1_duty_rate',
  't1_exchange_rate',
  't1_restriction',
  'carrier_account',
  'invoice',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** A JSON snapshot of what the action changed. */
export type AuditSnapshot = Record<string, unknown>;

/** `GET staff/audit`: newest first, optionally one organization's entries. */
export const staffAuditQuerySchema = paginationQuerySchema.extend({
  organization_id: z.uuid({ error: 'invalid' }).optional(),
});
export type StaffAuditQuery = z.infer<typeof staffAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(AUDIT_ACTIONS),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES),
  subject_id: z.string(),
  organization_id: z.uuid().nullable(),
  organization_name: z.string().nullable(),
  actor_id: z.uuid(),
  actor_email: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
