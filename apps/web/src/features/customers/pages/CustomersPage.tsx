import { CUSTOMER_SORTS, type CustomerSort } from '@despacho/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useListParams } from '../../../lib/useListParams';
import { ListSearchInput } from '../../../ui/ListSearchInput';
import { EmptyListState } from '../../../ui/EmptyListState';
import { PageHeader } from '../../../ui/PageHeader';
import { PagedList } from '../../../ui/PagedList';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../api';
import { FavoriteStar } from '../components/FavoriteStar';
import { fullName, formatPhone } from '../format';
import { CREATE_CUSTOMER_PATH, customerPath } from '../paths';

const DEFAULT_SORT: CustomerSort = '-created_at';
const isSort = (value: string | null): value is CustomerSort =>
  (CUSTOMER_SORTS as readonly (string | null)[]).includes(value);

/**
 * `clients`: the organization's customers, searched by name, company, email, phone or zip, with a
 * favorites filter, a sort and server pages, all kept in the URL. The star toggles in place; a
 * row opens the customer.
 */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { t: nav } = useTranslation('navigation');
  const navigate = useNavigate();
  const { params, search, setSearch, debouncedSearch, page, setParam } = useListParams();
  const favorites = params.get('favorites') === 'true';
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const customers = useCustomers({
    search: debouncedSearch || undefined,
    favorites: favorites || undefined,
    sort,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  });
  const filtered = Boolean(debouncedSearch) || favorites;
  const emptySearch =
    favorites && !debouncedSearch ? t('list.emptyFavorites') : t('list.emptySearch');
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
    <>
      <PageHeader
        title={nav('screens.clients.title')}
        breadcrumbs={[{ label: nav('modules.ecommerce') }, { label: nav('screens.clients.title') }]}
        action={
          <Button
            component={Link}
            to={CREATE_CUSTOMER_PATH}
            leftSection={<IconUserPlus size={18} />}
          >
            {t('list.create')}
          </Button>
        }
        subtitle={t('list.subtitle')}
      />

      <Paper withBorder radius="lg" p="md">
        <Group align="flex-end" mb="md" wrap="wrap">
          <ListSearchInput
            search={search}
            setSearch={setSearch}
            setParam={setParam}
            flex="1 1 280px"
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
          />
          <NativeSelect
            w={220}
            label={t('list.sort.label')}
            data={CUSTOMER_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
            value={sort}
            onChange={(event) =>
              setParam(
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
              setParam('favorites', event.currentTarget.checked ? 'true' : undefined)
            }
          />
        </Group>

        <PagedList
          query={customers}
          empty={empty}
          page={page}
          onPageChange={(next) => setParam('page', String(next))}
          pagesLabel={t('list.table.pages')}
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={t('list.table.label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>
                      <VisuallyHidden>{t('list.table.favorite')}</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>{t('list.table.name')}</Table.Th>
                    <Table.Th>{t('list.table.company')}</Table.Th>
                    <Table.Th>{t('list.table.email')}</Table.Th>
                    <Table.Th>{t('list.table.phone')}</Table.Th>
                    <Table.Th>{t('list.table.defaultAddress')}</Table.Th>
                    <Table.Th ta="center">{t('list.table.addresses')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((customer) => {
                    const name = fullName(customer);
                    const address = customer.default_address;
                    return (
                      <Table.Tr
                        key={customer.id}
                        style={{ cursor: 'pointer' }}
                        onClick={() => void navigate(customerPath(customer.id))}
                      >
                        <Table.Td>
                          <FavoriteStar customer={customer} name={name} />
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={customerPath(customer.id)}
                            fw={600}
                            fz="sm"
                            onClick={(event) => event.stopPropagation()}
                          >
                            {name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{customer.company ?? '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{customer.email}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                            {formatPhone(customer.phone)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm">{`${address.city}, ${address.state}`}</Text>
                          <Text fz="xs" c="dimmed">
                            {t('list.table.zip', { zip: address.zip })}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="center">
                          <Badge variant="light" color="gray">
                            {customer.address_count}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </PagedList>
      </Paper>
    </>
  );
}
