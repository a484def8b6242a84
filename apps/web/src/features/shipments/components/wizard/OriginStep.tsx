import type { LocationView } from '@despacho/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconMapPinPlus } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocationSelect } from '../../../../ui/LocationSelect';
import { messageOf } from '../../../../lib/server-errors';
import type { WizardValues } from './model';

/** One line of an address: street and numbers, neighborhood, zip, city and state. */
export const addressLine = (address: {
  street: string;
  external_number: string;
  internal_number: string | null;
  neighborhood: string;
  zip: string;
  city: string;
  state: string;
}) =>
  [
    `${address.street} ${address.external_number}${address.internal_number ? ` int. ${address.internal_number}` : ''}`,
    address.neighborhood,
    `${address.zip} ${address.city}, ${address.state}`,
  ].join(', ');

/**
 * Step 1: the location the parcel leaves from (the default one is already chosen). With none yet,
 * `onAdd` opens the location form in place, so the shipment typed so far is kept; without it the
 * user may not create locations and is told whom to ask.
 */
export function OriginStep({
  canRead,
  locations,
  loading,
  error,
  onAdd,
}: {
  canRead: boolean;
  locations: readonly LocationView[] | undefined;
  loading: boolean;
  error: unknown;
  onAdd?: () => void;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const locationId = useWatch({ control: form.control, name: 'location_id' });
  const chosen = locations?.find((location) => location.id === locationId);

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('origin.title')}
      </Title>
      {!canRead ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('origin.noAccess')}
        </Alert>
      ) : loading ? (
        <Skeleton height={60} />
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {messageOf(error)}
        </Alert>
      ) : !locations?.length ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          <Text fz="sm">{t('origin.none')}</Text>
          {onAdd ? (
            <Button
              mt="sm"
              size="xs"
              variant="light"
              leftSection={<IconMapPinPlus size={16} />}
              onClick={onAdd}
            >
              {t('origin.add')}
            </Button>
          ) : (
            <Text fz="sm">{t('origin.askAdd')}</Text>
          )}
        </Alert>
      ) : (
        <>
          <LocationSelect label={t('origin.location')} locations={locations} />
          {chosen && (
            <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
              <Group gap="xs" mb={4}>
                <Text fw={600}>{chosen.alias}</Text>
                {chosen.is_default && (
                  <Badge size="sm" variant="light">
                    {t('origin.default')}
                  </Badge>
                )}
              </Group>
              <Text fz="sm">{addressLine(chosen)}</Text>
              <Text fz="sm" c="dimmed">
                {[chosen.contact_name, chosen.company, chosen.contact_phone]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
