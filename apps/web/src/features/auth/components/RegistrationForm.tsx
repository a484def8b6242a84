import { registrationSchema, type SignupResult } from '@despacho/domain';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { SIGNUP_STEPS } from '../signup-state';
import { AuthForm } from './AuthForm';
import { PasswordFields } from './PasswordFields';

// Mexico first; then the countries our merchants sell to most.
const COUNTRY_CODES = ['+52', '+1', '+502', '+503', '+57', '+51', '+56', '+54', '+34'] as const;

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
    defaultValues: {
      name: '',
      last_name: '',
      phone_country_code: '+52',
      phone: '',
      password: '',
      password_confirmation: '',
    },
    submit: (registration) => authApi.register(signup.id, registration),
    onSuccess: onDone,
  });
  const { errors } = form.formState;

  return (
    <FormProvider {...form}>
      <AuthForm
        eyebrow={t('signup.step', { current: 2, total: SIGNUP_STEPS })}
        title={t('registration.title')}
        subtitle={t('registration.subtitle', { email: signup.email })}
        submitLabel={t('registration.submit')}
        {...formProps}
      >
        <Group grow align="flex-start">
          <TextInput
            label={t('fields.name')}
            autoComplete="given-name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </Group>
        <Group align="flex-start" wrap="nowrap">
          <NativeSelect
            label={t('fields.phoneCountryCode')}
            data={COUNTRY_CODES.map((code) => ({
              value: code,
              label: `${code} ${t(`countries.${code}`)}`,
            }))}
            error={errors.phone_country_code?.message}
            w={150}
            {...form.register('phone_country_code')}
          />
          <TextInput
            label={t('fields.phone')}
            description={t('registration.phoneHint')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            error={errors.phone?.message}
            style={{ flex: 1 }}
            {...form.register('phone')}
          />
        </Group>
        <PasswordFields />
      </AuthForm>
    </FormProvider>
  );
}
