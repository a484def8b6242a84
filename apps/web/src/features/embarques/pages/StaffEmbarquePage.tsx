import {
  DOCUMENT_KINDS,
  embarqueDocumentFormSchema,
  isFinalStep,
  type StaffEmbarque,
} from '@despacho/domain';
import { Alert, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconCash, IconEdit, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { AccountPanel } from '../components/AccountPanel';
import { PedimentoForm, SemaforoForm } from '../components/CustomsForms';
import { DocumentsPanel } from '../components/DocumentsPanel';
import { StepBadge } from '../components/EmbarqueBadges';
import { EditDetailsForm } from '../components/EditDetailsForm';
import { EmbarqueFacts } from '../components/EmbarqueFacts';
import { EmbarqueLayout } from '../components/EmbarqueLayout';
import { EmbarqueTimeline } from '../components/EmbarqueTimeline';
import { timelineEntries } from '../components/events';
import { HistoryPanel } from '../components/HistoryPanel';
import { InvoicesPanel } from '../components/InvoicesPanel';
import { LinesForm } from '../components/LinesForm';
import { LinesTable } from '../components/LinesTable';
import { ExpensesForm, PaymentRequestForm, SupplierPaymentForm } from '../components/MoneyForms';
import { MoveStepForm } from '../components/MoveStepForm';
import { PaymentsPanel } from '../components/PaymentsPanel';
import { Section } from '../components/Section';
import { StaffDialog } from '../components/StaffDialog';
import { SupplierPaymentsPanel } from '../components/SupplierPaymentsPanel';
import { STAFF_EMBARQUES_PATH } from '../paths';
import {
  staffDocument,
  useCancelPayment,
  useIssueInvoice,
  useSettle,
  useStaffDocuments,
  useStaffEmbarque,
} from '../staff-api';

type Dialog =
  | 'edit'
  | 'move'
  | 'close'
  | 'pedimento'
  | 'semaforo'
  | 'request'
  | 'expenses'
  | 'supplier'
  | 'lines'
  | null;

/**
 * `/staff/embarques/:id`: staff run one embarque — move its step (only the allowed moves, the
 * blocked ones explained), record the pedimento and semáforo, edit the goods, upload documents,
 * request payments, keep the cuenta de gastos and reconcile it, record supplier payments,
 * invoice the services and close it. The merchant sees the same timeline.
 */
export function StaffEmbarquePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('embarques');
  const embarque = useStaffEmbarque(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  if (embarque.isError) return <Alert color="red">{messageOf(embarque.error)}</Alert>;
  if (!embarque.data) return null;
  const data = embarque.data;
  const open = !isFinalStep(data.step);
  const close = () => setDialog(null);
  const dialogs: Record<Exclude<Dialog, null>, { title: string; form: ReactNode }> = {
    edit: { title: t('staff.editTitle'), form: <EditDetailsForm embarque={data} onDone={close} /> },
    move: { title: t('staff.moveTitle'), form: <MoveStepForm embarque={data} onDone={close} /> },
    close: {
      title: t('staff.close'),
      form: <MoveStepForm embarque={data} initial="closed" onDone={close} />,
    },
    pedimento: {
      title: t('staff.pedimentoTitle'),
      form: <PedimentoForm embarque={data} onDone={close} />,
    },
    semaforo: {
      title: t('staff.semaforoTitle'),
      form: <SemaforoForm embarque={data} onDone={close} />,
    },
    request: {
      title: t('staff.requestTitle'),
      form: <PaymentRequestForm embarque={data} onDone={close} />,
    },
    expenses: {
      title: t('staff.expensesTitle'),
      form: <ExpensesForm embarque={data} onDone={close} />,
    },
    supplier: {
      title: t('staff.supplierTitle'),
      form: <SupplierPaymentForm embarque={data} onDone={close} />,
    },
    lines: { title: t('staff.linesTitle'), form: <LinesForm embarque={data} onDone={close} /> },
  };
  const closable = data.next_steps.some((next) => next.step === 'closed');

  return (
    <>
      <PageHeader
        title={data.reference}
        badge={<StepBadge step={data.step} />}
        breadcrumbs={[
          { label: t('staff.title'), to: STAFF_EMBARQUES_PATH },
          { label: data.reference },
        ]}
        subtitle={`${data.organization.name} · ${data.supplier.name}`}
        action={
          open && (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setDialog('edit')}
              >
                {t('staff.edit')}
              </Button>
              <Button variant="default" onClick={() => setDialog('pedimento')}>
                {t('staff.pedimento')}
              </Button>
              <Button
                variant="default"
                onClick={() => setDialog('semaforo')}
                disabled={!data.pedimento}
              >
                {t('staff.semaforo')}
              </Button>
              {closable ? (
                <Button color="green" onClick={() => setDialog('close')}>
                  {t('staff.close')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconArrowRight size={16} />}
                  onClick={() => setDialog('move')}
                  disabled={data.next_steps.length === 0}
                >
                  {t('staff.move')}
                </Button>
              )}
            </Group>
          )
        }
      />
      <EmbarqueLayout
        top={
          <>
            <EmbarqueFacts embarque={data} audience="staff" />
            <Section
              title={t('lines.title')}
              action={
                open && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconEdit size={16} />}
                    onClick={() => setDialog('lines')}
                  >
                    {t('staff.editLines')}
                  </Button>
                )
              }
            >
              <LinesTable lines={data.lines} />
            </Section>
          </>
        }
        main={
          <>
            <Section title={t('detail.timeline')}>
              <EmbarqueTimeline entries={timelineEntries(data.timeline, t)} />
            </Section>
            <StaffDocuments embarque={data} />
          </>
        }
        side={<MoneySide embarque={data} open={open} onDialog={setDialog} />}
        bottom={<HistoryPanel events={data.timeline} names />}
      />
      {Object.entries(dialogs).map(([key, { title, form }]) => (
        <StaffDialog key={key} opened={dialog === key} onClose={close} title={title}>
          {form}
        </StaffDialog>
      ))}
    </>
  );
}

function StaffDocuments({ embarque }: { embarque: StaffEmbarque }) {
  const { t } = useTranslation('embarques');
  const documents = useStaffDocuments(embarque.id);
  return (
    <DocumentsPanel
      documents={embarque.documents}
      download={(document) => staffDocument(embarque.id, document.id)}
      upload={isFinalStep(embarque.step) ? undefined : documents.upload}
      kinds={DOCUMENT_KINDS}
      schema={embarqueDocumentFormSchema}
      onRemove={(document) =>
        documents.remove.mutate(document.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('documents.removed') }),
          onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
        })
      }
    />
  );
}

/** Payments, the cuenta de gastos with its reconciliation, supplier payments and invoices. */
function MoneySide({
  embarque,
  open,
  onDialog,
}: {
  embarque: StaffEmbarque;
  open: boolean;
  onDialog: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation('embarques');
  const cancel = useCancelPayment(embarque.id);
  const settle = useSettle(embarque.id);
  const invoice = useIssueInvoice(embarque.id);
  const done = (message: string) => () => notifications.show({ color: 'green', message });
  const fail = (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) });
  const { account } = embarque;
  const headerButton = (label: string, onClick: () => void, loading = false) =>
    open && (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={onClick}
        loading={loading}
      >
        {label}
      </Button>
    );
  return (
    <>
      <PaymentsPanel
        requests={embarque.payment_requests}
        headerAction={headerButton(t('staff.requestPayment'), () => onDialog('request'))}
        actionOf={(request) => (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending && cancel.variables === request.id}
            onClick={() =>
              cancel.mutate(request.id, { onSuccess: done(t('staff.cancelled')), onError: fail })
            }
          >
            {t('staff.cancelPayment')}
          </Button>
        )}
      />
      <AccountPanel
        embarque={embarque}
        audience="staff"
        action={
          open && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEdit size={16} />}
                onClick={() => onDialog('expenses')}
              >
                {t('staff.expenses')}
              </Button>
              {account.balance_centavos !== 0 && (
                <Button
                  size="xs"
                  leftSection={<IconCash size={16} />}
                  loading={settle.isPending}
                  onClick={() =>
                    settle.mutate(undefined, { onSuccess: done(t('staff.settled')), onError: fail })
                  }
                >
                  {t('staff.settle')}
                </Button>
              )}
            </Group>
          )
        }
      />
      <SupplierPaymentsPanel
        payments={embarque.supplier_payments}
        action={headerButton(t('staff.supplierPayment'), () => onDialog('supplier'))}
      />
      <InvoicesPanel
        invoices={embarque.invoices}
        action={
          account.uninvoiced_centavos > 0 &&
          headerButton(
            t('staff.invoice'),
            () =>
              invoice.mutate(undefined, { onSuccess: done(t('staff.invoiced')), onError: fail }),
            invoice.isPending,
          )
        }
      />
    </>
  );
}
