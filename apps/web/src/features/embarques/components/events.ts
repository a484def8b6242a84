import { formatMoney, type EmbarqueEvent, type EmbarqueEventKind } from '@despacho/domain';
import type { TFunction } from 'i18next';
import type { TimelineEntry } from './EmbarqueTimeline';

/** Physical milestones and money events: the merchant's one timeline (the rest is history). */
const TIMELINE_KINDS: Partial<Record<EmbarqueEventKind, TimelineEntry['kind']>> = {
  created: 'step',
  step: 'step',
  pedimento_recorded: 'step',
  semaforo: 'step',
  reconocimiento: 'step',
  payment_requested: 'money',
  payment_cancelled: 'money',
  payment_paid: 'money',
  expenses_recorded: 'money',
  balance_refunded: 'money',
  supplier_payment: 'money',
  invoice_issued: 'money',
};

const text = (value: string | number | null | undefined) => String(value ?? '');
const centavos = (value: string | number | null | undefined) => Number(value ?? 0);

/** What an event says, in the screen's language, from its kind and params (schemas.ts). */
export function describeEvent(event: EmbarqueEvent, t: TFunction<'embarques'>): string {
  const { params } = event;
  switch (event.kind) {
    case 'step':
      return t(`steps.${text(params.to)}`);
    case 'semaforo':
      return t('timeline.semaforo', {
        result: t(`timeline.semaforoResults.${text(params.result)}`),
      });
    case 'pedimento_recorded':
      return t('timeline.pedimento_recorded', { number: text(params.number) });
    case 'payment_requested':
    case 'payment_cancelled':
    case 'payment_paid':
      return t(`timeline.${event.kind}`, {
        concept: text(params.concept),
        amount: formatMoney(centavos(params.amount_centavos)),
      });
    case 'expenses_recorded':
      return t('timeline.expenses_recorded', {
        amount: formatMoney(centavos(params.total_centavos)),
      });
    case 'balance_refunded':
      return t('timeline.balance_refunded', {
        amount: formatMoney(centavos(params.amount_centavos)),
      });
    case 'supplier_payment':
      return t('timeline.supplier_payment', {
        amount: formatMoney(centavos(params.amount_cents), text(params.currency)),
        reference: text(params.reference),
      });
    case 'invoice_issued':
      return t('timeline.invoice_issued', {
        folio: text(params.folio_label),
        amount: formatMoney(centavos(params.total_centavos)),
      });
    case 'document_added':
    case 'document_removed':
      return t(`timeline.${event.kind}`, {
        kind: t(`documentKinds.${text(params.kind)}`),
        name: text(params.name),
      });
    default:
      return t(`timeline.${event.kind}`);
  }
}

/** The timeline's entries among the events, worded; a step's note goes under it. */
export function timelineEntries(
  events: readonly EmbarqueEvent[],
  t: TFunction<'embarques'>,
): TimelineEntry[] {
  return events.flatMap((event) => {
    const kind = TIMELINE_KINDS[event.kind];
    if (!kind) return [];
    return [
      {
        key: event.id,
        at: event.at,
        kind,
        title: describeEvent(event, t),
        ...(event.note ? { detail: event.note } : {}),
      },
    ];
  });
}
