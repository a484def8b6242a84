import type { EntryView } from '@despacho/domain';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, streetLine } from '../../../lib/contact-format';

/**
 * Where the merchant sends the goods of an entry on its way: the warehouse's name, address and
 * phone, with the entry's number to write on the parcels.
 */
export function SendToCard({ entry }: { entry: EntryView }) {
  const { t } = useTranslation('entries');
  const titleId = useId();
  const { warehouse } = entry;
  if (!warehouse.address) {
    return (
      <Alert color="yellow" variant="light">
        {t('detail.sendTo.unknown')}
      </Alert>
    );
  }
  const { address } = warehouse;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Title order={2} fz="h4" id={titleId}>
          <IconBuildingWarehouse size={20} aria-hidden style={{ verticalAlign: 'text-bottom' }} />{' '}
          {t('detail.sendTo.title')}
        </Title>
        <Text fw={600}>{warehouse.name}</Text>
        <Text fz="sm">{streetLine(address)}</Text>
        <Text fz="sm">
          {t('detail.sendTo.place', { city: address.city, state: address.state, zip: address.zip })}
        </Text>
        {warehouse.contact_phone && (
          <Text fz="sm">
            {t('detail.sendTo.phone', { phone: formatPhone(warehouse.contact_phone) })}
          </Text>
        )}
        <Text fz="sm" c="dimmed" mt="xs">
          {t('detail.sendTo.hint', { number: entry.number })}
        </Text>
      </Stack>
    </Paper>
  );
}
