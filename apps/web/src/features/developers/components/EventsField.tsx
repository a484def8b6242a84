import type { WebhookEventType } from '@despacho/domain';
import { Checkbox, Fieldset, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const chosen = new Set(value);
  const all = catalogue.data?.map((event) => event.type) ?? [];
  const set = (types: readonly WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) {
      if (on) next.add(type);
      else next.delete(type);
    }
    // In the catalogue's order, whatever the order of the clicks.
    onChange(all.filter((type) => next.has(type)));
  };

  return (
    <Fieldset legend={t('hooks.fields.events')} variant="unstyled">
      {catalogue.isPending ? (
        <Skeleton h={160} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          {groupByDomain(all).map(([domain, types]) => {
            const held = types.filter((type) => chosen.has(type)).length;
            return (
              <Stack key={domain} gap={6}>
                <Checkbox
                  label={t(`events.groups.${domain}`, { defaultValue: domain })}
                  styles={{ label: { fontWeight: 600 } }}
                  checked={held === types.length}
                  indeterminate={held > 0 && held < types.length}
                  onChange={() => set(types, held < types.length)}
                />
                <Stack gap={6} pl={28}>
                  {types.map((type) => (
                    <Checkbox
                      key={type}
                      size="sm"
                      label={t(`events.types.${type}`, { defaultValue: type })}
                      description={type}
                      checked={chosen.has(type)}
                      onChange={(event) => set([type], event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
      {error && (
        <Text c="red" fz="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
