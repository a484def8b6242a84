import { formatMoney, type ClassificationItem } from '@despacho/domain';
import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { Fact } from '../../../ui/Fact';
import { classificationApi } from '../api';
import { ClassificationResultView } from './ClassificationResultView';
import { ClassificationStatusBadge } from './ClassificationStatusBadge';
import { ResubmitForm } from './ResubmitForm';
import { formatCode } from '../../../lib/tariff-code';

/**
 * One product of a request: its status, due date and fee; the result and its dictamen once
 * classified; the reason and the form to complete it when rejected; why it cannot be classified
 * and the candidate codes otherwise.
 */
export function ClassificationItemCard({ item }: { item: ClassificationItem }) {
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  const download = () =>
    void openFile(
      () => classificationApi.dictamen(item.request_id, item.id),
      `dictamen-${item.result?.code ?? item.id}.pdf`,
    ).catch((error: unknown) => notifications.show({ color: 'red', message: messageOf(error) }));

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      id={`item-${item.id}`}
      aria-label={item.product.name}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Text fw={700}>{item.product.name}</Text>
            <ClassificationStatusBadge status={item.status} />
          </Group>
          {item.status === 'CLASSIFIED' && (
            <Button variant="light" leftSection={<IconDownload size={18} />} onClick={download}>
              {t('detail.dictamen')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <Fact label={t('detail.due')}>{dates.day(item.due_date)}</Fact>
          <Fact label={t('detail.fee')}>
            {formatMoney(item.fee.amount_centavos)} · {t(`feeStates.${item.fee.state}`)}
          </Fact>
          <Fact label={t('detail.updated')}>{dates.dateTime(item.updated_at)}</Fact>
        </SimpleGrid>
        {item.result && item.status === 'CLASSIFIED' && (
          <ClassificationResultView result={item.result} />
        )}
        {item.status === 'REJECT' && item.reject_reason && (
          <Alert color="red" variant="light" title={t('detail.rejected')}>
            {item.reject_reason}
          </Alert>
        )}
        {item.can_resubmit && <ResubmitForm item={item} />}
        {item.not_classifiable && (
          <Alert color="orange" variant="light" title={t('detail.notClassifiable')}>
            <Stack gap={4}>
              <Text fz="sm">
                {t(`needs.${item.not_classifiable.needs}`)}: {item.not_classifiable.reason}
              </Text>
              {item.not_classifiable.candidates.length > 0 && (
                <>
                  <Text fz="sm" fw={600}>
                    {t('detail.candidates')}
                  </Text>
                  <List fz="sm">
                    {item.not_classifiable.candidates.map((candidate) => (
                      <List.Item key={candidate.code}>
                        {formatCode(candidate.code)}: {candidate.description}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
