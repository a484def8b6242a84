import { signupStartSchema, type SignupResult } from '@despacho/domain';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../../lib/paths';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { SIGNUP_STEPS } from '../signup-state';
import { AuthFooterLink } from './AuthFooterLink';
import { AuthForm } from './AuthForm';
import { EmailInput } from './EmailInput';

/** Sign-up step 1: the email opens the account. */
export function SignupEmailForm({ onDone }: { onDone: (result: SignupResult) => void }) {
  const { t } = useTranslation('auth');
  const { form, formProps } = useDomainForm({
    schema: signupStartSchema,
    defaultValues: { email: '' },
    submit: ({ email }) => authApi.startSignup(email),
    onSuccess: onDone,
  });

  return (
    <AuthForm
      eyebrow={t('signup.step', { current: 1, total: SIGNUP_STEPS })}
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      submitLabel={t('signup.continue')}
      {...formProps}
      footer={
        <AuthFooterLink text={t('signup.haveAccount')} to={LOGIN_PATH} label={t('signup.logIn')} />
      }
    >
      <EmailInput error={form.formState.errors.email?.message} {...form.register('email')} />
    </AuthForm>
  );
}
