import type { ShipmentParty } from '@despacho/domain';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPhone, streetLine } from '../../../lib/contact-format';

/** One end of the route as it was when the guide was bought: contact, address, phone, email. */
export function PartyCard({ title, party }: { title: string; party: ShipmentParty }) {
  const { t } = useTranslation('shipments');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} h="100%">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      <Stack gap={2}>
        <Title order={3} fz="md">
          {party.contact_name}
        </Title>
        {party.company && <Text fz="sm">{party.company}</Text>}
        <Text fz="sm">{streetLine(party)}</Text>
        <Text fz="sm">
          {t('detail.route.place', { city: party.city, state: party.state, zip: party.zip })}
        </Text>
        {party.reference && (
          <Text fz="xs" c="dimmed">
            {party.reference}
          </Text>
        )}
        {/* A platform warehouse, the origin of an exit's guide, has no phone of its own. */}
        {party.phone && (
          <Anchor href={`tel:+52${party.phone}`} fz="sm">
            {formatPhone(party.phone)}
          </Anchor>
        )}
        {party.email && (
          <Anchor href={`mailto:${party.email}`} fz="sm">
            {party.email}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
