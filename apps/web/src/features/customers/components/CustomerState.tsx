import type { CustomerView } from '@despacho/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { useCustomer } from '../../../lib/api/customers';
import { CUSTOMERS_PATH } from '../paths';

/**
 * One customer by id for the view and edit pages: a skeleton while it loads, a not-found message
 * for an id the organization does not have (the API's 404, or no UUID at all), the server's
 * message for any other failure, otherwise `children` with the customer.
 */
export function WithCustomer({
  id,
  children,
}: {
  id: string | undefined;
  children: (customer: CustomerView) => ReactNode;
}) {
  const { t } = useTranslation('customers');
  const customer = useCustomer(id);
  const notFound =
    customer.invalidId || (customer.error instanceof ApiError && customer.error.status === 404);

  if (notFound) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <IconUserQuestion size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
          <Title order={2} fz="lg">
            {t('notFound.title')}
          </Title>
          <Text c="dimmed" maw={440}>
            {t('notFound.text')}
          </Text>
          <Button component={Link} to={CUSTOMERS_PATH} variant="light">
            {t('notFound.back')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (customer.isError) {
    return (
      <Alert color="red" title={t('loadError')}>
        {messageOf(customer.error)}
      </Alert>
    );
  }
  if (customer.isPending) {
    return (
      <Stack aria-busy="true" aria-label={t('loading')}>
        <Skeleton h={160} radius="lg" />
        <Skeleton h={240} radius="lg" />
      </Stack>
    );
  }
  return <>{children(customer.data)}</>;
}
