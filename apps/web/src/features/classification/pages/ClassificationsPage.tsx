import {
  CLASSIFICATION_STATUSES,
  formatMoney,
  type ClassificationRequestSummary,
} from '@despacho/domain';
import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/dates';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { ListPage } from '../../../ui/ListPage';
import { CLASSIFICATIONS_PAGE_SIZE, useClassifications } from '../api';
import { ClassificationStatusBadge } from '../components/ClassificationStatusBadge';
import { formatCode } from '../../../lib/tariff-code';
import { CLASSIFICATION_CREATE_PATH, classificationPath } from '../paths';

/**
 * `tariff-classification`: the organization's requests, each product with its tariff status and,
 * once classified, its fracción + NICO (a link to its result and dictamen); by status and
 * product name.
 */
export function ClassificationsPage() {
  const { t } = useTranslation('classification');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const list = useListParams();
  const status = list.choice('status', CLASSIFICATION_STATUSES);
  const requests = useClassifications({
    status,
    search: list.debouncedSearch || undefined,
    page: list.page,
    pageSize: CLASSIFICATIONS_PAGE_SIZE,
  });
  const filtered = Boolean(list.debouncedSearch || status);

  return (
    <ListPage
      title={nav('screens.tariffClassification.title')}
      breadcrumbs={[
        { label: nav('modules.international_trade') },
        { label: nav('screens.tariffClassification.title') },
      ]}
      subtitle={t('list.subtitle')}
      action={
        <Button
          component={Link}
          to={CLASSIFICATION_CREATE_PATH}
          leftSection={<IconPlus size={18} />}
        >
          {t('list.create')}
        </Button>
      }
      list={list}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      filters={
        <Select
          label={t('list.status')}
          placeholder={t('list.allStatuses')}
          data={CLASSIFICATION_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          value={status ?? null}
          onChange={(value) => list.setParam('status', value ?? undefined)}
          clearable
          w={240}
        />
      }
      query={requests}
      empty={filtered ? t('list.filteredEmpty') : t('list.empty')}
      loadingHeight={240}
      pagesLabel={t('list.pages')}
    >
      {(rows: ClassificationRequestSummary[]) => (
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          rowTo={(row) => classificationPath(row.id)}
          minWidth={860}
          cardsBelow="xs"
          columns={[
            {
              key: 'request',
              header: t('list.request'),
              cardTitle: true,
              cell: (row) => (
                <Anchor component={Link} to={classificationPath(row.id)} fw={600} fz="sm">
                  {t('list.number', { number: row.number })}
                </Anchor>
              ),
            },
            {
              key: 'products',
              header: t('list.products'),
              cell: (row) => (
                <Stack gap={4}>
                  {row.items.map((item) => (
                    <Group key={item.id} gap="xs">
                      <ClassificationStatusBadge status={item.status} />
                      <Text fz="sm" lineClamp={1}>
                        {item.product.name}
                      </Text>
                      {item.code && (
                        <Anchor
                          component={Link}
                          to={classificationPath(row.id, item.id)}
                          fz="sm"
                          fw={600}
                          aria-label={t('list.resultOf', {
                            code: formatCode(item.code),
                            product: item.product.name,
                          })}
                        >
                          {formatCode(item.code)}
                        </Anchor>
                      )}
                    </Group>
                  ))}
                </Stack>
              ),
            },
            {
              key: 'requested',
              header: t('list.requested'),
              cell: (row) => dates.date(row.created_at),
            },
            { key: 'due', header: t('list.due'), cell: (row) => dates.day(row.due_date) },
            {
              key: 'total',
              header: t('list.total'),
              align: 'right',
              cell: (row) => formatMoney(row.total_centavos),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
