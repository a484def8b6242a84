import { LANGUAGES, type Language } from '@despacho/domain';
import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { accountsApi, accountsKeys } from '../lib/api/accounts';
import { currentLanguage, pickLanguageSignedOut, setLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { messageOf } from '../lib/server-errors';
import { readSession, updateSession } from '../lib/session';
import { LanguageButton } from './LanguageButton';

// Each language is named in itself, so anyone can find theirs.
const LANGUAGE_NAMES: Record<Language, string> = { es: 'Español', en: 'English' };

/** The open menu of `LanguageMenu`, loaded on first use. */
export function LanguageMenuOptions() {
  const language = currentLanguage();
  // The app's client itself, not the provider's: the cold sign-in screen has no provider.
  const change = useMutation(
    {
      mutationFn: async (next: Language) => {
        if (readSession()) {
          const user = await accountsApi.changeLanguage(next);
          updateSession({ user });
          // A GET me answer still on its way must not bring the old language back.
          await queryClient.cancelQueries({ queryKey: accountsKeys.me() });
          queryClient.removeQueries({ queryKey: accountsKeys.me() });
          await setLanguage(next);
        } else {
          await pickLanguageSignedOut(next);
        }
      },
      onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
    },
    queryClient,
  );

  return (
    <Menu position="bottom-end" width={160} defaultOpened>
      <Menu.Target>
        <LanguageButton loading={change.isPending} />
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            onClick={() => option !== language && change.mutate(option)}
            rightSection={option === language ? <IconCheck size={16} /> : null}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
