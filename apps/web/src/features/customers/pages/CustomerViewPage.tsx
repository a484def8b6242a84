import type { CustomerAddressView, CustomerView } from '@despacho/domain';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconStar, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../../lib/server-errors';
import { ConfirmDeleteModal } from '../../../ui/ConfirmDeleteModal';
import { PageHeader } from '../../../ui/PageHeader';
import { customersApi, customersKeys, useCustomer } from '../../../lib/api/customers';
import { WithCustomer } from '../components/CustomerState';
import { FavoriteStar } from '../components/FavoriteStar';
import { formatPhone, fullName, streetLine, taxIdKind } from '../../../lib/contact-format';
import { CUSTOMERS_PATH, editCustomerPath } from '../paths';
import { useDateFormat } from '../../../lib/dates';
import { Fact } from '../../../ui/Fact';

/**
 * `client/:id`: a customer's page: contact and tax ID, the favorite star, every address with the
 * default marked (any other can become it), and the ways to edit or delete the customer.
 */
export function CustomerViewPage() {
  const { t: nav } = useTranslation('navigation');
  const { id } = useParams();
  const customer = useCustomer(id);
  const title = customer.data ? fullName(customer.data) : nav('screens.clientView.title');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.clients.title'), to: CUSTOMERS_PATH },
          { label: title },
        ]}
      />
      <WithCustomer id={id}>{(loaded) => <CustomerDetails customer={loaded} />}</WithCustomer>
    </>
  );
}

function CustomerDetails({ customer }: { customer: CustomerView }) {
  const dates = useDateFormat();
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = fullName(customer);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: customersKeys.all });

  const makeDefault = useMutation({
    mutationFn: (address: CustomerAddressView) =>
      customersApi.setDefaultAddress(customer.id, address.id),
    onSuccess: async (_result, address) => {
      notifications.show({
        color: 'teal',
        message: t('view.addresses.defaultSaved', { alias: address.alias }),
      });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const remove = useMutation({
    mutationFn: () => customersApi.remove(customer.id),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('view.delete.done', { name }) });
      queryClient.removeQueries({ queryKey: customersKeys.detail(customer.id) });
      await navigate(CUSTOMERS_PATH);
      await queryClient.invalidateQueries({ queryKey: customersKeys.lists() });
    },
    onError: (error) => {
      setDeleting(false);
      notifications.show({ color: 'red', message: messageOf(error) });
    },
  });

  // The default first, then the others in the order the API gives them.
  const addresses = [...customer.addresses].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default),
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
          <Group gap="xs">
            <FavoriteStar customer={customer} name={name} size="lg" />
            <Title order={2} fz="lg">
              {t('view.contact')}
            </Title>
            {customer.is_favorite && (
              <Badge color="yellow" variant="light">
                {t('favorite.badge')}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button
              component={Link}
              to={editCustomerPath(customer.id)}
              variant="default"
              leftSection={<IconEdit size={18} />}
            >
              {t('view.edit')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} />}
              onClick={() => setDeleting(true)}
            >
              {t('view.delete.open')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Fact label={t('fields.name')}>{customer.name}</Fact>
          <Fact label={t('fields.lastName')}>{customer.last_name ?? '—'}</Fact>
          <Fact label={t('fields.company')}>{customer.company ?? '—'}</Fact>
          <Fact label={t('fields.email')}>
            <Anchor href={`mailto:${customer.email}`} fz="sm">
              {customer.email}
            </Anchor>
          </Fact>
          <Fact label={t('view.phone')}>
            <Anchor href={`tel:+52${customer.phone}`} fz="sm">
              {formatPhone(customer.phone)}
            </Anchor>
          </Fact>
          <Fact label={t('fields.taxId')}>
            {customer.tax_id ? (
              <Group gap="xs">
                <Text fz="sm" ff="monospace">
                  {customer.tax_id}
                </Text>
                <Badge size="sm" variant="light" color="gray">
                  {t(`view.taxIdKind.${taxIdKind(customer.tax_id)}`)}
                </Badge>
              </Group>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('view.noTaxId')}
              </Text>
            )}
          </Fact>
          <Fact label={t('view.createdAt')}>{dates.date(customer.created_at)}</Fact>
        </SimpleGrid>
      </Paper>

      <div>
        <Title order={2} fz="lg" mb="sm">
          {t('view.addresses.title', { count: customer.addresses.length })}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {addresses.map((address) => (
            <Paper
              key={address.id}
              withBorder
              radius="lg"
              p="md"
              component="article"
              aria-label={address.alias}
              style={
                address.is_default ? { borderColor: 'var(--mantine-primary-color-filled)' } : {}
              }
            >
              <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                <div>
                  <Text fw={700}>{address.alias}</Text>
                  {address.company && (
                    <Text fz="sm" c="dimmed">
                      {address.company}
                    </Text>
                  )}
                </div>
                {address.is_default ? (
                  <Badge variant="filled">{t('view.addresses.default')}</Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconStar size={14} />}
                    aria-label={t('view.addresses.makeDefaultFor', { alias: address.alias })}
                    loading={makeDefault.isPending && makeDefault.variables?.id === address.id}
                    onClick={() => makeDefault.mutate(address)}
                  >
                    {t('view.addresses.makeDefault')}
                  </Button>
                )}
              </Group>
              <Stack gap={2}>
                <Text fz="sm">{streetLine(address)}</Text>
                <Text fz="sm">
                  {address.city === address.municipality
                    ? `${address.municipality}, ${address.state}`
                    : `${address.municipality}, ${address.city}, ${address.state}`}
                </Text>
                <Text fz="sm">{t('view.addresses.zip', { zip: address.zip })}</Text>
                {address.reference && (
                  <Text fz="sm" c="dimmed">
                    {t('view.addresses.reference', { reference: address.reference })}
                  </Text>
                )}
                <Text fz="sm" mt="xs">
                  {t('view.addresses.receives', { name: address.contact_name })}
                </Text>
                <Text fz="xs" c="dimmed">
                  {[formatPhone(address.contact_phone), address.contact_email]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </div>

      <ConfirmDeleteModal
        item={deleting ? customer : null}
        onClose={() => setDeleting(false)}
        title={t('view.delete.title')}
        text={() => t('view.delete.text', { name })}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('view.delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}
