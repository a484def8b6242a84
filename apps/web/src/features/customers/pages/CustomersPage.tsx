import { CUSTOMER_SORTS, type CustomerSort } from '@despacho/domain';
import { Anchor, Badge, Button, NativeSelect, Switch, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListParams } from '../../../lib/useListParams';
import { DataTable } from '../../../ui/DataTable';
import { EmptyListState } from '../../../ui/EmptyListState';
import { ListPage } from '../../../ui/ListPage';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../../../lib/api/customers';
import { FavoriteStar } from '../components/FavoriteStar';
import { fullName, formatPhone } from '../../../lib/contact-format';
import { CREATE_CUSTOMER_PATH, customerPath } from '../paths';

const DEFAULT_SORT: CustomerSort = '-created_at';

/**
 * `clients`: the organization's customers, searched by name, company, email, phone or zip, with a
 * favorites filter, a sort and server pages, all kept in the URL. The star toggles in place; a
 * row opens the customer.
 */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { t: nav } = useTranslation('navigation');
  const list = useListParams();
  const favorites = list.params.get('favorites') === 'true';
  const sort = list.choice('sort', CUSTOMER_SORTS, DEFAULT_SORT);
  const customers = useCustomers({
    search: list.debouncedSearch || undefined,
    favorites: favorites || undefined,
    sort,
    page: list.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  });
  const filtered = Boolean(list.debouncedSearch) || favorites;
  const emptySearch =
    favorites && !list.debouncedSearch ? t('list.emptyFavorites') : t('list.emptySearch');
  const empty = filtered ? (
    emptySearch
  ) : (
    <EmptyListState
      title={t('list.empty.title')}
      text={t('list.empty.text')}
      action={{
        label: t('list.create'),
        to: CREATE_CUSTOMER_PATH,
        icon: <IconUserPlus size={18} />,
      }}
    />
  );

  return (
    <ListPage
      title={nav('screens.clients.title')}
      breadcrumbs={[{ label: nav('modules.ecommerce') }, { label: nav('screens.clients.title') }]}
      action={
        <Button component={Link} to={CREATE_CUSTOMER_PATH} leftSection={<IconUserPlus size={18} />}>
          {t('list.create')}
        </Button>
      }
      subtitle={t('list.subtitle')}
      list={list}
      search={{ label: t('list.search.label'), placeholder: t('list.search.placeholder') }}
      filters={
        <>
          <NativeSelect
            w={220}
            label={t('list.sort.label')}
            data={CUSTOMER_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
            value={sort}
            onChange={(event) =>
              list.setParam(
                'sort',
                event.currentTarget.value === DEFAULT_SORT ? undefined : event.currentTarget.value,
              )
            }
          />
          <Switch
            mb={8}
            label={t('list.favoritesOnly')}
            checked={favorites}
            onChange={(event) =>
              list.setParam('favorites', event.currentTarget.checked ? 'true' : undefined)
            }
          />
        </>
      }
      query={customers}
      empty={empty}
      pagesLabel={t('list.table.pages')}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          rowKey={(customer) => customer.id}
          rowTo={(customer) => customerPath(customer.id)}
          label={t('list.table.label')}
          minWidth={900}
          columns={[
            {
              key: 'favorite',
              header: t('list.table.favorite'),
              hideHeader: true,
              width: 48,
              cell: (customer) => <FavoriteStar customer={customer} name={fullName(customer)} />,
            },
            {
              key: 'name',
              header: t('list.table.name'),
              cell: (customer) => (
                <Anchor component={Link} to={customerPath(customer.id)} fw={600} fz="sm">
                  {fullName(customer)}
                </Anchor>
              ),
            },
            {
              key: 'company',
              header: t('list.table.company'),
              cell: (customer) => <Text fz="sm">{customer.company ?? '—'}</Text>,
            },
            {
              key: 'email',
              header: t('list.table.email'),
              cell: (customer) => <Text fz="sm">{customer.email}</Text>,
            },
            {
              key: 'phone',
              header: t('list.table.phone'),
              cell: (customer) => (
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(customer.phone)}
                </Text>
              ),
            },
            {
              key: 'defaultAddress',
              header: t('list.table.defaultAddress'),
              cell: ({ default_address: address }) => (
                <>
                  <Text fz="sm">{`${address.city}, ${address.state}`}</Text>
                  <Text fz="xs" c="dimmed">
                    {t('list.table.zip', { zip: address.zip })}
                  </Text>
                </>
              ),
            },
            {
              key: 'addresses',
              header: t('list.table.addresses'),
              align: 'center',
              cell: (customer) => (
                <Badge variant="light" color="gray">
                  {customer.address_count}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
