import type { EmbarqueEvent } from '@despacho/domain';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { describeEvent } from './events';
import { Section } from './Section';

/**
 * Every change of the embarque, newest first, with who made it and its note: documents, lines
 * and corrections too, which the timeline leaves out. Staff see the person's name; the merchant
 * sees "Despacho" for the team and the system.
 */
export function HistoryPanel({ events, names }: { events: EmbarqueEvent[]; names: boolean }) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  const newest = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Section title={t('detail.history')}>
      <Table layout="fixed" fz="sm" verticalSpacing="xs">
        <Table.Tbody>
          {newest.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td w={{ base: 110, sm: 150 }} c="dimmed" fz="xs">
                {dates.dateTime(event.at)}
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{describeEvent(event, t)}</Text>
                <Text fz="xs" c="dimmed">
                  {names || event.actor.kind === 'merchant'
                    ? event.actor.name
                    : t(`timeline.actors.${event.actor.kind}`)}
                  {event.note ? ` · ${event.note}` : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
