import { parseLanguage, type Embarque } from '@despacho/domain';
import { Alert, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../ui/countries';
import { Fact } from '../../../ui/Fact';
import type { Audience } from './audience';
import { MoneyStateBadge, SemaforoBadge } from './EmbarqueBadges';

/** The pedimento as customs print it, its two spaces between parts kept (wrapping there). */
export function PedimentoNumber({ formatted }: { formatted: string }) {
  return (
    <Text component="span" ff="monospace" fz="sm" fw={600} style={{ whiteSpace: 'pre-wrap' }}>
      {formatted}
    </Text>
  );
}

/**
 * The embarque's header facts: operation, transport and incoterm, supplier and route, the
 * pedimento and semáforo, where the money stands.
 */
export function EmbarqueFacts({ embarque, audience }: { embarque: Embarque; audience: Audience }) {
  const { t, i18n } = useTranslation('embarques');
  const language = parseLanguage(i18n.language);
  const at = (where: { place: string; country: string }) =>
    `${where.place}, ${countryName(where.country, language)}`;
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="md">
        <Fact label={t('detail.direction')}>
          {t(`directions.${embarque.direction}`)} · {t(`modes.${embarque.mode}`)}
        </Fact>
        <Fact label={t('detail.incoterm')}>{embarque.incoterm}</Fact>
        <Fact label={t('detail.supplier')}>
          {embarque.supplier.name} ({countryName(embarque.supplier.country, language)})
        </Fact>
        <Fact label={t('detail.origin')}>{at(embarque.origin)}</Fact>
        <Fact label={t('detail.destination')}>{at(embarque.destination)}</Fact>
        <Fact label={t('detail.pedimento')}>
          {embarque.pedimento ? (
            <PedimentoNumber formatted={embarque.pedimento.formatted} />
          ) : (
            t('detail.noPedimento')
          )}
        </Fact>
        <Fact label={t('semaforo.label')}>
          <SemaforoBadge result={embarque.semaforo} />
        </Fact>
        <Fact label={t('detail.money')}>
          <MoneyStateBadge state={embarque.money_state} />
        </Fact>
        {embarque.customer_reference && (
          <Fact label={t(`${audience}.customerReference`)}>{embarque.customer_reference}</Fact>
        )}
      </SimpleGrid>
      {embarque.notes && (
        <Text fz="sm" mt="md" c="dimmed">
          {t('detail.notes')}: {embarque.notes}
        </Text>
      )}
    </Paper>
  );
}

/** The next steps it may take and, for each one blocked, what is missing. */
export function NextSteps({ embarque }: { embarque: Embarque }) {
  const { t } = useTranslation('embarques');
  if (embarque.next_steps.length === 0) return null;
  const forward = embarque.next_steps.filter((next) => next.step !== 'cancelled');
  if (forward.length === 0) return null;
  return (
    <Alert variant="light" color="blue" title={t('detail.next')} role="note">
      <Stack gap={6}>
        {forward.map((next) =>
          next.blocked_by.length === 0 ? (
            <Text key={next.step} fz="sm">
              {t('detail.nextFree', { step: t(`steps.${next.step}`) })}
            </Text>
          ) : (
            <div key={next.step}>
              <Text fz="sm" fw={600}>
                {t('detail.blockedBy', { step: t(`steps.${next.step}`) })}
              </Text>
              <List size="sm">
                {next.blocked_by.map((guard) => (
                  <List.Item key={guard}>{t(`guards.${guard}`)}</List.Item>
                ))}
              </List>
            </div>
          ),
        )}
      </Stack>
    </Alert>
  );
}
