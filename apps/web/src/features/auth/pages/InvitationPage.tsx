import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../../lib/paths';
import { ComingSoon } from '../../../ui/ComingSoon';

/** Invitations arrive with the organization-users capability; until then, say so plainly. */
export function InvitationPage() {
  const { t } = useTranslation('auth');
  return (
    <ComingSoon
      title={t('invitation.title')}
      description={t('invitation.text')}
      backTo={LOGIN_PATH}
      backLabel={t('common.goToLogin')}
    />
  );
}
