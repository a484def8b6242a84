import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { NotFoundPage } from './NotFoundPage';

/**
 * What a route shows when rendering or loading fails — most often a page chunk gone after a new
 * release, which a reload fixes.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <CenteredMessage
      title={t('routeError.title')}
      text={t('routeError.text')}
      action={
        <Button size="md" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
