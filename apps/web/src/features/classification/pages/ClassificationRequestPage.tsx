import { formatMoney } from '@despacho/domain';
import { Alert, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { Fact } from '../../../ui/Fact';
import { PageHeader } from '../../../ui/PageHeader';
import { useClassification } from '../api';
import { ClassificationItemCard } from '../components/ClassificationItemCard';
import { CLASSIFICATIONS_PATH } from '../paths';

/**
 * `tariff-classification/create/:id`: one request, each product with its status and due date,
 * its published result and dictamen, or the form to complete a rejected one and resubmit it
 * without paying again. A link to `#item-<id>` scrolls to that product.
 */
export function ClassificationRequestPage() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const { t } = useTranslation('classification');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const request = useClassification(id);
  const loaded = Boolean(request.data);

  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [loaded, hash]);

  if (request.isError) return <Alert color="red">{messageOf(request.error)}</Alert>;
  if (!request.data) return null;
  const data = request.data;
  const title = t('detail.title', { number: data.number });

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: nav('modules.international_trade') },
          { label: nav('screens.tariffClassification.title'), to: CLASSIFICATIONS_PATH },
          { label: title },
        ]}
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Fact label={t('detail.requested')}>{dates.dateTime(data.created_at)}</Fact>
            <Fact label={t('detail.due')}>{dates.day(data.due_date)}</Fact>
            <Fact label={t('detail.total')} fw={700}>
              {formatMoney(data.total_centavos)}
            </Fact>
            <Fact label={t('detail.vat')}>{formatMoney(data.vat_centavos)}</Fact>
          </SimpleGrid>
        </Paper>
        {data.items.map((item) => (
          <ClassificationItemCard key={item.id} item={item} />
        ))}
      </Stack>
    </>
  );
}
