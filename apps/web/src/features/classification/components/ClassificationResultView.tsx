import type { ClassificationResult, Duty } from '@despacho/domain';
import { Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { Fact } from '../../../ui/Fact';
import { formatCode } from '../../../lib/tariff-code';

const CHAIN = ['chapter', 'heading', 'subheading', 'fraction', 'nico'] as const;

/**
 * A classification's result: fracción + NICO, customs unit, the description chain, the rationale,
 * the duties by origin and the non-tariff restrictions, with the date of the tariff data.
 */
export function ClassificationResultView({ result }: { result: ClassificationResult }) {
  const { t } = useTranslation('classification');
  const dates = useDateFormat();
  const duty = (value: Duty) =>
    value.kind === 'exempt'
      ? t('result.exempt')
      : t('result.rate', { rate: value.rate_percent ?? 0 });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('result.code')} fw={700}>
          <span data-testid="result-code">{formatCode(result.code)}</span>
        </Fact>
        <Fact label={t('result.customsUnit')}>
          {result.customs_unit.name} ({result.customs_unit.code})
        </Fact>
        <Fact label={t('result.tariffDataDate')}>{dates.day(result.tariff_data_date)}</Fact>
      </SimpleGrid>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('result.chain')}
        </Text>
        <List fz="sm" spacing={2} listStyleType="none">
          {CHAIN.map((link) => (
            <List.Item key={link}>
              <Text span fw={600} fz="sm">
                {t(`result.links.${link}`)}{' '}
                {link === 'nico' ? result.chain.nico.code : formatCode(result.chain[link].code)}:
              </Text>{' '}
              {result.chain[link].description}
            </List.Item>
          ))}
        </List>
      </div>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('result.rationale')}
        </Text>
        <Group gap={4} my={4}>
          {result.rationale.rules.map((rule) => (
            <Badge key={rule} variant="outline" size="sm">
              {t(`rules.${rule}`)}
            </Badge>
          ))}
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {result.rationale.text}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('result.duties.general')}>{duty(result.duties.general)}</Fact>
        <Fact label={t('result.duties.tmec')}>{duty(result.duties.tmec)}</Fact>
        {result.duties.no_agreement && (
          <Fact label={t('result.duties.no_agreement')}>{duty(result.duties.no_agreement)}</Fact>
        )}
      </SimpleGrid>
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('result.restrictions')}
        </Text>
        {result.restrictions.length === 0 ? (
          <Text fz="sm">{t('result.noRestrictions')}</Text>
        ) : (
          <List fz="sm" spacing={2}>
            {result.restrictions.map((restriction) => (
              <List.Item key={`${restriction.authority}-${restriction.code}`}>
                <Text span fw={600} fz="sm">
                  {restriction.code}
                </Text>{' '}
                ({t(`restrictionKinds.${restriction.kind}`)}, {restriction.authority}):{' '}
                {restriction.description}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
