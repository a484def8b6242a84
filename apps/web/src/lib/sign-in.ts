import type { Session } from '@despacho/domain';
import { setLanguage, takePickedLanguage } from './i18n';
import { saveSession, updateSession, type SessionStrategy } from './session';

/**
 * Stores the session a sign-in answered (login, the sign-up wizard, an invitation) and shows the
 * app in the account's language. A language picked on the signed-out pages is saved on the
 * account first, so the choice sticks after signing in.
 */
export async function startSession(session: Session, strategy: SessionStrategy): Promise<void> {
  saveSession(session, strategy);
  const picked = takePickedLanguage();
  let language = session.user.language;
  if (picked && picked !== language) {
    try {
      // Fetched only when needed: the login screen downloads no more than it shows.
      const { accountsApi } = await import('./api/accounts');
      const user = await accountsApi.changeLanguage(picked);
      updateSession({ user });
      language = user.language;
    } catch {
      // Signing in goes on in the account's language; the menu can change it later.
    }
  }
  await setLanguage(language);
}
