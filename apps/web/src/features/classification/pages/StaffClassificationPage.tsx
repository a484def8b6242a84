import {
  CLASSIFICATION_OPEN_STATUSES,
  formatMoney,
  type StaffClassification,
} from '@despacho/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useSession } from '../../../lib/useSession';
import { Fact } from '../../../ui/Fact';
import { PageHeader } from '../../../ui/PageHeader';
import { ClassificationResultView } from '../components/ClassificationResultView';
import { ClassificationStatusBadge } from '../components/ClassificationStatusBadge';
import { NotClassifiableDialog, NoteDialog, RejectDialog } from '../components/DecisionDialogs';
import { DueBadge } from '../components/DueBadge';
import { MerchantInputsPanel } from '../components/MerchantInputsPanel';
import { ResultForm } from '../components/ResultForm';
import { formatCode } from '../../../lib/tariff-code';
import { TransitionsList } from '../components/TransitionsList';
import {
  useClaimClassification,
  useClassificationCandidates,
  useNotClassifiable,
  usePublishClassification,
  useRejectClassification,
  useReturnToClassifier,
  useSendToReview,
  useStaffClassification,
} from '../staff-api';

type Dialog = 'review' | 'return' | 'reject' | 'notClassifiable' | null;

/**
 * `/staff/classification/:id`: one product. Queued, a classifier claims it; the classifier
 * records the result from the candidates and the picker and sends it to review; a second person
 * publishes it or sends it back; either may reject it for missing information or declare it not
 * classifiable. Every change is in its history.
 */
export function StaffClassificationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  const me = useSession()?.user.id;
  const item = useStaffClassification(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const claim = useClaimClassification(id);
  const publish = usePublishClassification(id);
  const sendToReview = useSendToReview(id);
  const returnToClassifier = useReturnToClassifier(id);
  const reject = useRejectClassification(id);
  const notClassifiable = useNotClassifiable(id);
  const classifying = item.data?.status === 'IN_CLASSIFICATION';
  const candidates = useClassificationCandidates(id, classifying);

  if (item.isError) return <Alert color="red">{messageOf(item.error)}</Alert>;
  if (!item.data) return null;
  const data = item.data;
  const fail = (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) });
  const done = (message: string) => () => notifications.show({ color: 'green', message });
  const mine = data.classifier?.id === me;
  const open = (CLASSIFICATION_OPEN_STATUSES as readonly string[]).includes(data.status);
  const close = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={data.product.name}
        badge={<ClassificationStatusBadge status={data.status} />}
        breadcrumbs={[
          { label: t('staff.title'), to: '/staff/classification' },
          { label: data.product.name },
        ]}
        subtitle={data.organization.name}
        action={
          <Actions
            item={data}
            mine={mine}
            onClaim={() =>
              claim.mutate(undefined, { onSuccess: done(t('staff.claimed')), onError: fail })
            }
            claiming={claim.isPending}
            onPublish={() =>
              publish.mutate(undefined, { onSuccess: done(t('staff.published')), onError: fail })
            }
            publishing={publish.isPending}
            open={setDialog}
          />
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <Fact label={t('staff.due')}>
              <Stack gap={2} align="flex-start">
                {dates.day(data.due_date)}
                {open && <DueBadge daysLeft={data.business_days_left} late={data.late} />}
              </Stack>
            </Fact>
            <Fact label={t('staff.requested')}>{dates.dateTime(data.created_at)}</Fact>
            <Fact label={t('detail.fee')}>
              {formatMoney(data.fee.amount_centavos)} · {t(`feeStates.${data.fee.state}`)}
            </Fact>
            <Fact label={t('staff.classifier')}>{data.classifier?.name ?? t('staff.nobody')}</Fact>
            <Fact label={t('staff.reviewer')}>{data.reviewer?.name ?? t('staff.nobody')}</Fact>
          </SimpleGrid>
          {data.status === 'IN_REVIEW' && mine && (
            <Text fz="sm" mt="sm" c="dimmed">
              {t('staff.otherReviews')}
            </Text>
          )}
        </Paper>
        <MerchantInputsPanel item={data} />
        {classifying && mine && <ResultForm key={data.id} id={id} result={data.result} />}
        {!(classifying && mine) && data.result && (
          <Paper withBorder radius="lg" p="md">
            <Title order={2} fz="h4" mb="sm">
              {t('staff.result')}
            </Title>
            <ClassificationResultView result={data.result} />
          </Paper>
        )}
        {data.reject_reason && (
          <Alert color="red" variant="light" title={t('detail.rejected')}>
            {data.reject_reason}
          </Alert>
        )}
        {data.not_classifiable && (
          <Alert color="orange" variant="light" title={t('detail.notClassifiable')}>
            {t(`needs.${data.not_classifiable.needs}`)}: {data.not_classifiable.reason}
            {data.not_classifiable.candidates.length > 0 &&
              ` · ${t('detail.candidates')}: ${data.not_classifiable.candidates
                .map((candidate) => formatCode(candidate.code))
                .join(', ')}`}
          </Alert>
        )}
        <TransitionsList transitions={data.transitions} />
      </Stack>
      <NoteDialog
        opened={dialog === 'review'}
        onClose={close}
        action={sendToReview}
        title={t('staff.sendToReview')}
        submit={t('staff.sendToReview')}
      />
      <NoteDialog
        opened={dialog === 'return'}
        onClose={close}
        action={returnToClassifier}
        title={t('staff.returnTitle')}
        submit={t('staff.return')}
      />
      <RejectDialog opened={dialog === 'reject'} onClose={close} action={reject} />
      <NotClassifiableDialog
        opened={dialog === 'notClassifiable'}
        onClose={close}
        action={notClassifiable}
        suggested={[...new Set((candidates.data ?? []).map((candidate) => candidate.code))]}
      />
    </>
  );
}

/**
 * The buttons the product's status allows the caller: claim a queued one; the classifier sends
 * to review; someone else publishes or returns it; reject and not classifiable while it is open.
 */
function Actions({
  item,
  mine,
  onClaim,
  claiming,
  onPublish,
  publishing,
  open,
}: {
  item: StaffClassification;
  mine: boolean;
  onClaim: () => void;
  claiming: boolean;
  onPublish: () => void;
  publishing: boolean;
  open: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation('classification');
  const decide = (
    <>
      <Button variant="light" color="red" onClick={() => open('reject')}>
        {t('staff.reject')}
      </Button>
      <Button variant="light" color="orange" onClick={() => open('notClassifiable')}>
        {t('staff.notClassifiable')}
      </Button>
    </>
  );
  switch (item.status) {
    case 'PROCESS_CLASSIFICATION':
      return (
        <Button onClick={onClaim} loading={claiming}>
          {t('staff.claim')}
        </Button>
      );
    case 'IN_CLASSIFICATION':
      return mine ? (
        <Group gap="sm">
          {decide}
          <Button onClick={() => open('review')} disabled={!item.result}>
            {t('staff.sendToReview')}
          </Button>
        </Group>
      ) : null;
    case 'IN_REVIEW':
      return mine ? null : (
        <Group gap="sm">
          {decide}
          <Button variant="default" onClick={() => open('return')}>
            {t('staff.return')}
          </Button>
          <Button color="green" onClick={onPublish} loading={publishing}>
            {t('staff.publish')}
          </Button>
        </Group>
      );
    default:
      return null;
  }
}
