import {
  hasPermission,
  MERCHANT_DOCUMENT_KINDS,
  merchantDocumentFormSchema,
  type Embarque,
} from '@despacho/domain';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useWalletBalance } from '../../../lib/api/wallet';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { PageHeader } from '../../../ui/PageHeader';
import { merchantFiles, useEmbarque, useUploadDocument } from '../api';
import { AccountPanel } from '../components/AccountPanel';
import { DocumentsPanel } from '../components/DocumentsPanel';
import { StepBadge } from '../components/EmbarqueBadges';
import { EmbarqueFacts, NextSteps } from '../components/EmbarqueFacts';
import { EmbarqueLayout } from '../components/EmbarqueLayout';
import { EmbarqueTimeline } from '../components/EmbarqueTimeline';
import { timelineEntries } from '../components/events';
import { HistoryPanel } from '../components/HistoryPanel';
import { InvoicesPanel } from '../components/InvoicesPanel';
import { LinesTable } from '../components/LinesTable';
import {
  PayButton,
  refusedShortfall,
  ShortBalance,
  usePayWithBalance,
} from '../components/PayButton';
import { PaymentsPanel } from '../components/PaymentsPanel';
import { Section } from '../components/Section';
import { SupplierPaymentsPanel } from '../components/SupplierPaymentsPanel';
import { EMBARQUES_PATH } from '../paths';

/**
 * `my-shipments/:id`: one embarque as the merchant follows it — its facts, one timeline of the
 * goods and the money, the goods, documents (the supplier's papers uploaded here), the payment
 * requests paid from the balance in one click, the cuenta de gastos against the advance,
 * supplier payments, the service invoices and the whole history.
 */
export function EmbarquePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('embarques');
  const { t: nav } = useTranslation('navigation');
  const embarque = useEmbarque(id);
  const session = useSession();
  if (embarque.isError) return <Alert color="red">{messageOf(embarque.error)}</Alert>;
  if (!embarque.data) return null;
  const data = embarque.data;
  const permissions = session?.user.permissions ?? [];
  return (
    <>
      <PageHeader
        title={data.reference}
        badge={<StepBadge step={data.step} />}
        breadcrumbs={[
          { label: nav('modules.international_trade') },
          { label: nav('screens.myShipments.title'), to: EMBARQUES_PATH },
          { label: data.reference },
        ]}
        subtitle={`${t(`directions.${data.direction}`)} · ${data.supplier.name}`}
      />
      <EmbarqueLayout
        top={
          <>
            <EmbarqueFacts embarque={data} audience="merchant" />
            <NextSteps embarque={data} />
            <Section title={t('lines.title')}>
              <LinesTable lines={data.lines} />
            </Section>
          </>
        }
        main={
          <>
            <Section title={t('detail.timeline')}>
              <EmbarqueTimeline entries={timelineEntries(data.timeline, t)} />
            </Section>
            <MerchantDocuments embarque={data} />
          </>
        }
        side={
          <>
            <MerchantPayments embarque={data} />
            <AccountPanel embarque={data} audience="merchant" />
            <SupplierPaymentsPanel payments={data.supplier_payments} />
            <InvoicesPanel
              invoices={data.invoices}
              download={(invoice, format) => merchantFiles.invoice(data.id, invoice.id, format)}
              formats={hasPermission(permissions, 'finances.billing') ? ['xml', 'pdf'] : ['pdf']}
            />
          </>
        }
        bottom={<HistoryPanel events={data.timeline} names={false} />}
      />
    </>
  );
}

function MerchantDocuments({ embarque }: { embarque: Embarque }) {
  const { t } = useTranslation('embarques');
  const upload = useUploadDocument(embarque.id);
  const open = embarque.step !== 'closed' && embarque.step !== 'cancelled';
  return (
    <DocumentsPanel
      documents={embarque.documents}
      download={(document) => merchantFiles.document(embarque.id, document.id)}
      upload={open ? upload : undefined}
      kinds={MERCHANT_DOCUMENT_KINDS}
      schema={merchantDocumentFormSchema}
      hint={open ? t('documents.merchantKinds') : undefined}
    />
  );
}

/**
 * The requests with "Pay from balance" on the pending ones; a balance short of the largest
 * pending request (or a payment refused for it) says how much is missing and where to deposit.
 */
function MerchantPayments({ embarque }: { embarque: Embarque }) {
  const permissions = useSession()?.user.permissions ?? [];
  const balance = useWalletBalance();
  const { pay, start } = usePayWithBalance(embarque.id);
  const pending = embarque.payment_requests.filter((request) => request.status === 'pending');
  const largest = Math.max(0, ...pending.map((request) => request.amount_centavos));
  const available = balance.data?.available_centavos;
  const refused = refusedShortfall(pay.error);
  const missing =
    refused ?? (available !== undefined && largest > available ? largest - available : null);
  return (
    <PaymentsPanel
      requests={embarque.payment_requests}
      above={
        missing !== null &&
        pending.length > 0 && (
          <ShortBalance
            id={embarque.id}
            missing={missing}
            canDeposit={hasPermission(permissions, 'finances.deposits')}
          />
        )
      }
      actionOf={(request) => (
        <PayButton
          request={request}
          onPay={start}
          paying={pay.isPending && pay.variables.paymentId === request.id}
        />
      )}
    />
  );
}
