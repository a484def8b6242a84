import type { WebhookEventType } from '@despacho/domain';
import { Fieldset, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CheckboxTree } from '../../../ui/CheckboxTree';
import { useWebhookEvents } from '../webhooks-api';

/** The domain an event belongs to: the part of its type before the dot (`shipment.created`). */
const eventDomain = (type: string) => type.slice(0, type.indexOf('.'));

/** The catalogue's types by domain, in the catalogue's order. */
function groupByDomain(types: readonly WebhookEventType[]) {
  const groups = new Map<string, WebhookEventType[]>();
  for (const type of types) {
    const domain = eventDomain(type);
    groups.set(domain, [...(groups.get(domain) ?? []), type]);
  }
  return [...groups];
}

/**
 * The events an endpoint receives, picked from the server's catalogue grouped by domain; a
 * domain's box picks or clears all of its events.
 */
export function EventsField({
  value,
  onChange,
  error,
}: {
  value: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('developers');
  const catalogue = useWebhookEvents();
  const all = catalogue.data?.map((event) => event.type) ?? [];

  return (
    <Fieldset legend={t('hooks.fields.events')} variant="unstyled">
      {catalogue.isPending ? (
        <Skeleton h={160} />
      ) : (
        <CheckboxTree
          value={value}
          // In the catalogue's order, whatever the order of the clicks.
          onChange={(next) => onChange(all.filter((type) => next.has(type)))}
          groups={groupByDomain(all).map(([domain, types]) => ({
            key: domain,
            label: t(`events.groups.${domain}`, { defaultValue: domain }),
            items: types.map((type) => ({
              key: type,
              label: t(`events.types.${type}`, { defaultValue: type }),
              description: type,
            })),
          }))}
        />
      )}
      {error && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
