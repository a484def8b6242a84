import type { StaffClassification } from '@despacho/domain';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../../ui/Fact';
import { countryName } from '../../../ui/countries';
import { ProductFilesPanel } from './ProductFilesPanel';

const LONG = ['description', 'materials', 'use'] as const;

/** What the merchant told of the product, and whether it has a data sheet and photos. */
export function MerchantInputsPanel({ item }: { item: StaffClassification }) {
  const { t, i18n } = useTranslation('classification');
  const language = i18n.language.startsWith('en') ? 'en' : 'es';
  const { inputs } = item;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('staff.inputs')}
        </Title>
        {LONG.map((field) => (
          <Fact key={field} label={t(`inputs.${field}`)}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{inputs[field]}</span>
          </Fact>
        ))}
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <Fact label={t('inputs.brand')}>{inputs.brand ?? '—'}</Fact>
          <Fact label={t('inputs.model')}>{inputs.model ?? '—'}</Fact>
          <Fact label={t('inputs.origin_country')}>
            {countryName(inputs.origin_country, language)}
          </Fact>
        </SimpleGrid>
        {inputs.notes && <Fact label={t('inputs.notes')}>{inputs.notes}</Fact>}
        <ProductFilesPanel item={item} />
      </Stack>
    </Paper>
  );
}
