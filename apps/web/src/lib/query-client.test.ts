import { afterEach, expect, it } from 'vitest';
import { i18n } from './i18n';
import { queryClient } from './query-client';

afterEach(async () => {
  await i18n.changeLanguage('es');
  queryClient.clear();
});

it('reads what the server wrote again when the language changes', async () => {
  await i18n.changeLanguage('es');
  queryClient.setQueryData(['notifications', 'list'], { data: [] });
  expect(queryClient.getQueryState(['notifications', 'list'])?.isInvalidated).toBe(false);
  await i18n.changeLanguage('en');
  expect(queryClient.getQueryState(['notifications', 'list'])?.isInvalidated).toBe(true);
});
