import { Alert, Button, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A section's data: a loader while it comes, a retry if it fails, then the section. */
export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('accounts');
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('details.loading')} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={t('details.loadError')}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void query.refetch()}>
          {t('details.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
