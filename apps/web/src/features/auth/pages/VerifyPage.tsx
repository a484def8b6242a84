import { AUTH_RULES, verifyCodeParamsSchema } from '@despacho/domain';
import { Button, Center, Input, PinInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { LOGIN_PATH } from '../../../lib/paths';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { authApi } from '../api';
import { AuthFooterLink } from '../components/AuthFooterLink';
import { AuthForm } from '../components/AuthForm';
import { SIGNUP_STEPS, type VerifyState } from '../signup-state';
import { useCountdown } from '../useCountdown';

const codeSchema = verifyCodeParamsSchema.pick({ code: true });

/** Sign-up step 3: the 6-digit code sent by SMS proves the phone. */
export function VerifyPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const userId = useSearchParams()[0].get('user_id') ?? '';
  const codeId = useId();
  const state = useLocation().state as VerifyState | null;
  const { secondsLeft, restart } = useCountdown(
    state?.resendAvailableIn ?? AUTH_RULES.codeResendSeconds,
  );
  const { form, formProps } = useDomainForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    submit: ({ code }) => authApi.verifyCode(userId, code),
    onSuccess: (result) => navigate(`/auth/wizard/${result.wizard_token}`),
  });
  const resend = useMutation({
    mutationFn: () => authApi.resendCode(userId),
    onSuccess: (result) => {
      restart(result.resend_available_in);
      notifications.show({ color: 'teal', message: t('verify.resent') });
    },
    onError: (error) => {
      // RESEND_TOO_EARLY says how long to wait: the countdown follows the server.
      const seconds = error instanceof ApiError ? Number(error.details.seconds) : NaN;
      if (Number.isFinite(seconds)) restart(seconds);
      notifications.show({ color: 'red', message: messageOf(error) });
    },
  });

  if (!userId) return <Navigate to="/auth/invalid-token" replace />;

  return (
    <AuthForm
      eyebrow={t('signup.step', { current: 3, total: SIGNUP_STEPS })}
      title={t('verify.title')}
      subtitle={
        state?.phoneMasked
          ? t('verify.subtitlePhone', { phone: state.phoneMasked })
          : t('verify.subtitle')
      }
      submitLabel={t('verify.submit')}
      {...formProps}
      footer={
        <Stack gap="lg">
          <Stack gap={4} align="center">
            <Button
              variant="subtle"
              disabled={secondsLeft > 0}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t('verify.resend')}
            </Button>
            {secondsLeft > 0 && (
              <Text fz="sm" c="dimmed">
                {t('verify.resendIn', { seconds: secondsLeft })}
              </Text>
            )}
          </Stack>
          <AuthFooterLink to={LOGIN_PATH} label={t('common.backToLogin')} />
        </Stack>
      }
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field, fieldState }) => (
          // Not in an Input.Wrapper: it would give all six inputs its one id. The label names the
          // group, each input (`<codeId>-1…6`) is named by its digit.
          <div>
            <Input.Label id={`${codeId}-label`} labelElement="div">
              {t('fields.code')}
            </Input.Label>
            <Center mt="xs">
              <PinInput
                id={codeId}
                aria-labelledby={`${codeId}-label`}
                aria-describedby={fieldState.error ? `${codeId}-error` : undefined}
                getInputProps={(index) => ({
                  'aria-label': t('verify.digit', {
                    index: index + 1,
                    total: AUTH_RULES.codeLength,
                  }),
                })}
                length={AUTH_RULES.codeLength}
                type="number"
                inputMode="numeric"
                oneTimeCode
                size="lg"
                // Six large inputs with the default gap are wider than a 390 px phone.
                gap="xs"
                error={Boolean(fieldState.error)}
                value={field.value}
                onChange={field.onChange}
                // A complete code is sent at once; the button stays for retries.
                onComplete={() => void formProps.onSubmit()}
              />
            </Center>
            {fieldState.error && (
              <Input.Error id={`${codeId}-error`} mt={5}>
                {fieldState.error.message}
              </Input.Error>
            )}
          </div>
        )}
      />
    </AuthForm>
  );
}
