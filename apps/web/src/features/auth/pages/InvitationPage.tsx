import { registrationSchema } from '@despacho/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { homePath, LOGIN_PATH } from '../../../lib/paths';
import { startSession } from '../../../lib/sign-in';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi, invitationKeys } from '../api';
import { AuthForm } from '../components/AuthForm';
import { EMPTY_REGISTRATION, RegistrationFields } from '../components/RegistrationFields';
import { TokenGate } from '../components/TokenGate';

/**
 * `/auth/invitation?token=`: the emailed invitation. The link is checked first (wrong, used or
 * expired → the invalid-token page); the invitee then gives their name, phone and password and
 * lands signed in, on their home screen. No SMS step: the link proved the email.
 */
export function InvitationPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const invitation = useQuery({
    queryKey: invitationKeys.invitationInfo({ query: { token } }),
    queryFn: () => authApi.invitation(token),
    enabled: token !== '',
    retry: false,
  });
  const { form, formProps } = useDomainForm({
    schema: registrationSchema,
    defaultValues: EMPTY_REGISTRATION,
    submit: (registration) => authApi.acceptInvitation(token, registration),
    onSuccess: async (session) => {
      await startSession(session, 'SESSION');
      await navigate(homePath(session.user), { replace: true });
    },
  });

  // An email that has a user elsewhere meanwhile: say so, the link itself is fine.
  const refusal =
    invitation.error instanceof ApiError && invitation.error.status === 409
      ? invitation.error.message
      : null;
  if (!token || refusal) {
    return (
      <Stack>
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          {refusal ?? t('invitation.missing')}
        </Alert>
        <Button component={Link} to={LOGIN_PATH}>
          {t('common.goToLogin')}
        </Button>
      </Stack>
    );
  }

  return (
    <TokenGate query={invitation}>
      {(info) => (
        <FormProvider {...form}>
          <AuthForm
            eyebrow={t('invitation.eyebrow', { organization: info.organization })}
            title={t('invitation.title')}
            subtitle={t('invitation.subtitle', {
              inviter: info.inviter,
              organization: info.organization,
              role: t(`invitation.roles.${info.role}`),
              email: info.email,
            })}
            submitLabel={t('invitation.submit')}
            {...formProps}
          >
            <RegistrationFields phoneHint={t('invitation.phoneHint')} />
          </AuthForm>
        </FormProvider>
      )}
    </TokenGate>
  );
}
