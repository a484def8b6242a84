import type { Carrier, CarrierService } from '@despacho/domain';
import { Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CarrierLogo } from '../../../ui/CarrierLogo';

function transitLabel(service: CarrierService, t: TFunction<'carriers'>) {
  const { min, max } = service.transit_days;
  if (max === 0) return t('transit.sameDay');
  if (min === max) return t('transit.days', { count: min });
  return t('transit.range', { min, max });
}

/** One carrier: logo, name, coverage, services, and the switch that enables it. */
export function CarrierCard({
  carrier,
  onToggle,
}: {
  carrier: Carrier;
  onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('carriers');
  const titleId = `carrier-${carrier.key}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-labelledby={titleId}
      opacity={carrier.enabled ? 1 : 0.75}
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <CarrierLogo carrierKey={carrier.key} />
          <Title order={2} fz="lg" id={titleId}>
            {carrier.name}
          </Title>
        </Group>
        <Switch
          checked={carrier.enabled}
          onChange={(event) => onToggle(event.currentTarget.checked)}
          aria-label={t('toggle', { name: carrier.name })}
          label={t(carrier.enabled ? 'enabled' : 'disabled')}
          labelPosition="left"
        />
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {carrier.coverage}
      </Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {carrier.services.map((service) => (
          <Group key={service.key} component="li" justify="space-between" gap="xs" wrap="nowrap">
            <Text fz="sm" fw={500}>
              {service.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" size="sm">
                {t(`kinds.${service.kind}`)}
              </Badge>
              <Text fz="xs" c="dimmed">
                {transitLabel(service, t)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
