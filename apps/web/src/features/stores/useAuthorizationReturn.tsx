import { Alert } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../lib/server-errors';
import { storesApi, useRefreshStores } from './api';
import { authorizationReturn } from './oauth-return';

/**
 * Back from a platform's consent screen: the whole query goes to `completeAuthorization` once
 * (the code is single-use), the URL is cleaned so a reload does not send it again, and the
 * result is what this answers for the page to show.
 */
export function useAuthorizationReturn(): ReactNode {
  const { t } = useTranslation('stores');
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshStores();
  const sent = useRef<string | null>(null);
  const complete = useMutation({
    mutationFn: ({ platform, query }: NonNullable<ReturnType<typeof authorizationReturn>>) =>
      storesApi.completeAuthorization(platform, query),
    onSettled: refresh,
  });
  const { mutate } = complete;

  useEffect(() => {
    const found = authorizationReturn(params);
    if (!found || sent.current === found.query.state) return;
    sent.current = found.query.state ?? null;
    mutate(found);
    setParams({}, { replace: true });
  }, [params, setParams, mutate]);

  if (complete.isPending) return <Alert color="blue">{t('authorization.pending')}</Alert>;
  if (complete.isError)
    return (
      <Alert color="red" title={t('authorization.failed')}>
        {messageOf(complete.error)}
      </Alert>
    );
  if (complete.isSuccess)
    return (
      <Alert color="teal" title={t('authorization.done', { name: complete.data.name })}>
        {t('authorization.backfill')}
      </Alert>
    );
  return null;
}
