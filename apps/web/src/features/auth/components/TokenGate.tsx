import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { AppLoadingOverlay } from '../../../ui/AppLoadingOverlay';

/**
 * Screens opened from an emailed link check the token first: a refused token goes to the
 * invalid-token page; a failure on our side offers to try again.
 */
export function TokenGate<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('auth');
  if (query.data !== undefined) return children(query.data);
  if (!query.error) return <AppLoadingOverlay />;
  if (query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500) {
    return <Navigate to="/auth/invalid-token" replace />;
  }
  return (
    <Stack>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {messageOf(query.error)}
      </Alert>
      <Button variant="light" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
