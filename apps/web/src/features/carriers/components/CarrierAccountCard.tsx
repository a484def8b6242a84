import { ownCarrierAccountInputSchema, type CarrierAccount } from '@despacho/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlask, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { CarrierLogo } from '../../../ui/CarrierLogo';
import { EntityForm } from '../../../ui/EntityForm';
import { useRemoveCarrierAccount, useSetCarrierAccount } from '../api';

/**
 * A carrier reached through its own API: which account its guides are bought with, Despacho's
 * or the merchant's own (number, API key and secret; the secret is never shown back, only its
 * last 4 characters). In sandbox mode no account applies and the card says so.
 */
export function CarrierAccountCard({ account }: { account: CarrierAccount }) {
  const { t } = useTranslation('carriers');
  const titleId = `carrier-account-${account.carrier_key}`;
  const [choosing, setChoosing] = useState<'platform' | 'own' | null>(null);
  const shown = choosing ?? account.choice;
  const set = useSetCarrierAccount(account.carrier_key);
  const name = account.carrier_name;

  const choosePlatform = () =>
    set.mutate(
      { choice: 'platform' },
      {
        onSuccess: () => {
          setChoosing(null);
          notifications.show({ color: 'teal', message: t('accounts.toast.platform', { name }) });
        },
        onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
      },
    );

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <CarrierLogo carrierKey={account.carrier_key} />
          <Title order={3} fz="lg" id={titleId}>
            {name}
          </Title>
        </Group>
        <Badge variant="light" color={account.mode === 'production' ? 'teal' : 'gray'}>
          {t(`accounts.mode.${account.mode}`)}
        </Badge>
      </Group>
      {account.mode === 'sandbox' ? (
        <Alert color="blue" icon={<IconFlask size={18} />}>
          {t('accounts.sandbox', { name })}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Radio.Group
            label={t('accounts.choice.label')}
            value={shown}
            onChange={(value) => {
              if (value === 'platform') {
                if (account.choice === 'own') choosePlatform();
                setChoosing(null);
              } else setChoosing('own');
            }}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="platform"
                label={t('accounts.choice.platform')}
                description={t('accounts.choice.platformHint')}
                disabled={set.isPending}
              />
              <Radio
                value="own"
                label={t('accounts.choice.own')}
                description={t('accounts.choice.ownHint')}
                disabled={set.isPending}
              />
            </Stack>
          </Radio.Group>
          {shown === 'own' && (
            <>
              <Alert color="orange" icon={<IconInfoCircle size={18} />}>
                {t('accounts.billedByCarrier', { name })}
              </Alert>
              <OwnAccountForm
                account={account}
                onCancel={() => setChoosing(null)}
                onSaved={() => setChoosing(null)}
              />
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function OwnAccountForm({
  account,
  onCancel,
  onSaved,
}: {
  account: CarrierAccount;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('carriers');
  const dates = useDateFormat();
  const set = useSetCarrierAccount(account.carrier_key);
  const remove = useRemoveCarrierAccount(account.carrier_key);
  const name = account.carrier_name;
  const { own } = account;
  const { form, formProps } = useDomainForm({
    schema: ownCarrierAccountInputSchema,
    defaultValues: { account_number: own?.account_number ?? '', key: own?.key ?? '', secret: '' },
    submit: (values) => set.mutateAsync({ choice: 'own', ...values }),
    onSuccess: () => {
      form.reset({ ...form.getValues(), secret: '' });
      notifications.show({ color: 'teal', message: t('accounts.toast.own', { name }) });
      onSaved();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('accounts.form.save')}
      cancelLabel={t('accounts.form.cancel')}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
    >
      <TextInput
        label={t('accounts.form.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        withAsterisk
        error={errors.account_number?.message}
        {...form.register('account_number')}
      />
      <TextInput
        label={t(`accounts.form.key.${account.carrier_key}`)}
        autoComplete="off"
        withAsterisk
        error={errors.key?.message}
        {...form.register('key')}
      />
      <PasswordInput
        label={t(`accounts.form.secret.${account.carrier_key}`)}
        description={
          own
            ? t('accounts.form.secretKept', {
                last4: own.secret_last4,
                date: dates.date(own.secret_set_at),
              })
            : t('accounts.form.secretHint')
        }
        autoComplete="new-password"
        withAsterisk={!own}
        error={errors.secret?.message}
        {...form.register('secret')}
      />
      {own && (
        <Group justify="flex-start">
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('accounts.toast.removed', { name }),
                  });
                  onSaved();
                },
                onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
              })
            }
          >
            {t('accounts.form.remove')}
          </Button>
        </Group>
      )}
      <Text fz="xs" c="dimmed">
        {t('accounts.form.encrypted')}
      </Text>
    </EntityForm>
  );
}
