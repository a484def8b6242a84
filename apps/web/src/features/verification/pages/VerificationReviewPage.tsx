import { VERIFICATION_DOCUMENT_KINDS } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { PageHeader } from '../../../ui/PageHeader';
import { VerificationStatusBadge } from '../../../ui/VerificationStatusBadge';
import { useApproveVerification, useStaffVerification } from '../staff-api';
import { DocumentPreview } from '../components/DocumentPreview';
import { RejectDialog } from '../components/RejectDialog';
import { useDateFormat } from '../../../lib/dates';
import { Fact } from '../../../ui/Fact';

/** One organization's submitted verification: its details, its three documents, the decision. */
export function VerificationReviewPage() {
  const dates = useDateFormat();
  const { t } = useTranslation('verification');
  const organizationId = useParams().organizationId ?? '';
  const verification = useStaffVerification(organizationId);
  const approve = useApproveVerification(organizationId);
  const [approving, approveDialog] = useDisclosure();
  const [rejecting, rejectDialog] = useDisclosure();

  const back = (
    <Anchor component={Link} to="/staff" fz="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('staff.back')}
      </Group>
    </Anchor>
  );
  if (!verification.data) {
    return (
      <Stack>
        {back}
        <PageHeader title={t('staff.title')} />
        {verification.isError ? (
          <Alert color="red">{messageOf(verification.error)}</Alert>
        ) : (
          <Skeleton h={400} radius="lg" />
        )}
      </Stack>
    );
  }
  const data = verification.data;
  const name = data.organization_name;
  const confirmApproval = () =>
    approve.mutate(undefined, {
      onSuccess: () => {
        approveDialog.close();
        notifications.show({
          color: 'green',
          message: t('staff.actions.approved', { organization: name }),
        });
      },
    });

  return (
    <Stack gap="lg">
      {back}
      <PageHeader
        title={name}
        badge={
          <VerificationStatusBadge
            status={data.status}
            label={t(`staff.status.${data.status}`)}
            size="lg"
          />
        }
      />
      <Paper
        withBorder
        radius="lg"
        p="lg"
        component="section"
        aria-label={t('staff.detail.summary')}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t('staff.detail.personType')}>
            {data.person_type ? t(`staff.personType.${data.person_type}`) : '—'}
          </Fact>
          <Fact label={t('staff.detail.submitted')}>{dates.dateTime(data.submitted_at)}</Fact>
          <Fact label={t('staff.detail.reviewed')}>{dates.dateTime(data.reviewed_at)}</Fact>
        </SimpleGrid>
        {data.failure_reason && (
          <Alert color="red" variant="light" mt="md" title={t('staff.detail.reason')}>
            {data.failure_reason}
          </Alert>
        )}
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="documents-title">
        <Title order={2} fz="h4" id="documents-title">
          {t('staff.detail.documents')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {VERIFICATION_DOCUMENT_KINDS.map((kind) => (
            <DocumentPreview
              key={kind}
              organizationId={organizationId}
              kind={kind}
              document={data.documents[kind]}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="decision-title">
        <Title order={2} fz="h4" id="decision-title" mb="sm">
          {t('staff.actions.title')}
        </Title>
        {data.status === 'in_process' ? (
          <Group gap="sm">
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              onClick={approveDialog.open}
            >
              {t('staff.actions.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} />}
              onClick={rejectDialog.open}
            >
              {t('staff.actions.reject')}
            </Button>
          </Group>
        ) : (
          <Text c="dimmed">{t('staff.actions.reviewed')}</Text>
        )}
      </Paper>

      <Modal
        opened={approving}
        onClose={approveDialog.close}
        title={t('staff.actions.approveTitle')}
        centered
      >
        <Stack gap="md">
          <Text>{t('staff.actions.approveBody', { organization: name })}</Text>
          {approve.isError && (
            <Alert color="red" variant="light">
              {messageOf(approve.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={approveDialog.close}>
              {t('staff.actions.cancel')}
            </Button>
            <Button color="green" loading={approve.isPending} onClick={confirmApproval}>
              {t('staff.actions.confirmApprove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <RejectDialog
        organizationId={organizationId}
        organizationName={name}
        opened={rejecting}
        onClose={rejectDialog.close}
      />
    </Stack>
  );
}
