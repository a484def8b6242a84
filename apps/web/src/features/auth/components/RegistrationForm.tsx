import { registrationSchema, type SignupResult } from '@despacho/domain';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { SIGNUP_STEPS } from '../signup-state';
import { AuthForm } from './AuthForm';
import { EMPTY_REGISTRATION, RegistrationFields } from './RegistrationFields';

/** Sign-up step 2: who the user is, the phone that gets the code, and the password. */
export function RegistrationForm({
  signup,
  onDone,
}: {
  signup: SignupResult;
  onDone: (result: SignupResult) => void;
}) {
  const { t } = useTranslation('auth');
  const { form, formProps } = useDomainForm({
    schema: registrationSchema,
    defaultValues: EMPTY_REGISTRATION,
    submit: (registration) => authApi.register(signup.id, registration),
    onSuccess: onDone,
  });

  return (
    <FormProvider {...form}>
      <AuthForm
        eyebrow={t('signup.step', { current: 2, total: SIGNUP_STEPS })}
        title={t('registration.title')}
        subtitle={t('registration.subtitle', { email: signup.email })}
        submitLabel={t('registration.submit')}
        {...formProps}
      >
        <RegistrationFields phoneHint={t('registration.phoneHint')} />
      </AuthForm>
    </FormProvider>
  );
}
