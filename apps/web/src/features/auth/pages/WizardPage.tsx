import { CURRENCIES, organizationCreateSchema, UNITS_OF_MEASURE } from '@despacho/domain';
import { Group, Radio, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { homePath } from '../../../lib/paths';
import { startSession } from '../../../lib/sign-in';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi, authKeys } from '../api';
import { AuthForm } from '../components/AuthForm';
import { TokenGate } from '../components/TokenGate';
import { SIGNUP_STEPS } from '../signup-state';

/** Sign-up step 4: the organization; finishing it signs the user in. */
export function WizardPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const wizard = useQuery({
    queryKey: authKeys.wizard({ params: { token } }),
    queryFn: () => authApi.wizard(token),
  });
  const { form, formProps } = useDomainForm({
    schema: organizationCreateSchema,
    defaultValues: {
      company: '',
      default_currency: CURRENCIES[0],
      default_unit: UNITS_OF_MEASURE[0],
      abbreviation: '',
    },
    submit: (organization) => authApi.completeWizard(token, organization),
    onSuccess: async (session) => {
      await startSession(session, 'SESSION');
      await navigate(homePath(session.user), { replace: true });
    },
  });
  const { errors } = form.formState;

  return (
    <TokenGate query={wizard}>
      {(info) => (
        <AuthForm
          eyebrow={t('signup.step', { current: 4, total: SIGNUP_STEPS })}
          title={t('wizard.title', { name: info.name })}
          subtitle={t('wizard.subtitle')}
          submitLabel={t('wizard.submit')}
          {...formProps}
        >
          <TextInput
            label={t('fields.company')}
            autoComplete="organization"
            error={errors.company?.message}
            {...form.register('company')}
          />
          <TextInput
            label={t('fields.abbreviation')}
            description={t('wizard.abbreviationHint')}
            maxLength={15}
            error={errors.abbreviation?.message}
            {...form.register('abbreviation')}
          />
          <Controller
            control={form.control}
            name="default_currency"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={t('fields.currency')}
                error={fieldState.error?.message}
                {...field}
              >
                <Group mt="xs">
                  {CURRENCIES.map((currency) => (
                    <Radio key={currency} value={currency} label={t(`currencies.${currency}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <Controller
            control={form.control}
            name="default_unit"
            render={({ field, fieldState }) => (
              <Radio.Group label={t('fields.unit')} error={fieldState.error?.message} {...field}>
                <Group mt="xs">
                  {UNITS_OF_MEASURE.map((unit) => (
                    <Radio key={unit} value={unit} label={t(`units.${unit}`)} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        </AuthForm>
      )}
    </TokenGate>
  );
}
