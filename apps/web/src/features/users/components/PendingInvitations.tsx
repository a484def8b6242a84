import type { Invitation } from '@despacho/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useCancelInvitation, usePendingInvitations, useResendInvitation } from '../api';
import { RoleBadge } from './RoleBadge';
import { useDateFormat } from '../../../lib/dates';

/** Invitations not accepted yet: resend (a new link replaces the old one) or withdraw. */
export function PendingInvitations() {
  const dates = useDateFormat();
  const { t } = useTranslation('users');
  const invitations = usePendingInvitations();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const report = (message: string) => ({
    onSuccess: () => notifications.show({ color: 'teal', message }),
    onError: (error: unknown) => notifications.show({ color: 'red', message: messageOf(error) }),
  });

  if (invitations.isError) {
    return <Alert color="red">{messageOf(invitations.error)}</Alert>;
  }
  const rows = invitations.data?.data ?? [];
  if (rows.length === 0) return null;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="pending-invitations">
      <Title order={2} fz="lg" mb="sm" id="pending-invitations">
        {t('invitations.title')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {rows.map((invitation: Invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text fz="sm" fw={600}>
                      {invitation.name
                        ? `${invitation.name} · ${invitation.email}`
                        : invitation.email}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('invitations.invitedBy', { name: invitation.invited_by })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <RoleBadge role={invitation.role} />
                </Table.Td>
                <Table.Td>
                  {invitation.expired ? (
                    <Badge color="red" variant="light">
                      {t('invitations.expired')}
                    </Badge>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      {t('invitations.expires', {
                        date: dates.dateTimeWithZone(invitation.expires_at),
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('invitations.resendTo', { email: invitation.email })}
                      loading={resend.isPending && resend.variables?.id === invitation.id}
                      onClick={() =>
                        resend.mutate(
                          invitation,
                          report(t('invite.sent', { email: invitation.email })),
                        )
                      }
                    >
                      {t('invitations.resend')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('invitations.cancelFor', { email: invitation.email })}
                      loading={cancel.isPending && cancel.variables === invitation.id}
                      onClick={() =>
                        cancel.mutate(
                          invitation.id,
                          report(t('invitations.cancelled', { email: invitation.email })),
                        )
                      }
                    >
                      {t('invitations.cancel')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
