import {
  API_KEY_MAX_ALLOWED_IPS,
  API_KEY_MODES,
  apiKeyCreateSchema,
  type ApiKeySecret,
} from '@despacho/domain';
import { Modal, NativeSelect, Radio, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useCreateApiKey } from '../api';
import { ScopesField } from './ScopesField';
import { SecretOnce } from './SecretOnce';

/** The expiries offered, in days; `never` lasts until the key is revoked. */
const EXPIRIES = ['never', '7', '30', '90', '365'] as const;
type Expiry = (typeof EXPIRIES)[number];

const expiryAt = (expiry: Expiry) =>
  expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();

/** An array field's message: the list's own, or its first refused entry's. */
function firstMessage(error: FieldError | FieldError[] | undefined): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find(Boolean)?.message;
  return error.message;
}

/**
 * Creates a key: name, test or live, scopes, expiry, IP allow-list. The answer's secret replaces
 * the form in the same dialog, once: closing it forgets the secret.
 */
export function CreateKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [created, setCreated] = useState<ApiKeySecret | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('keys.created.title', { name: created.key.name }) : t('keys.create.title')}
      size="lg"
    >
      {opened &&
        (created ? (
          <SecretOnce label={t('keys.created.label')} secret={created.secret} onDone={close} />
        ) : (
          <CreateKeyForm onCancel={close} onCreated={setCreated} />
        ))}
    </Modal>
  );
}

function CreateKeyForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: ApiKeySecret) => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey();
  const [expiry, setExpiry] = useState<Expiry>('never');
  const { form, formProps } = useDomainForm({
    schema: apiKeyCreateSchema,
    defaultValues: { name: '', mode: 'test', scopes: [], expires_at: null, allowed_ips: [] },
    submit: (values) => create.mutateAsync(values),
    onSuccess: onCreated,
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('keys.create.submit')}
      cancelLabel={t('actions.cancel')}
      onCancel={onCancel}
    >
      <TextInput
        label={t('keys.fields.name')}
        description={t('keys.fields.nameHint')}
        withAsterisk
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="mode"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('keys.fields.mode')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <Stack gap="xs" mt="xs">
              {API_KEY_MODES.map((mode) => (
                <Radio
                  key={mode}
                  value={mode}
                  label={t(`keys.modes.${mode}`)}
                  description={t(`keys.modeHints.${mode}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field, fieldState }) => (
          <ScopesField
            value={field.value}
            onChange={field.onChange}
            error={firstMessage(fieldState.error)}
          />
        )}
      />
      <NativeSelect
        label={t('keys.fields.expiry')}
        data={EXPIRIES.map((value) => ({ value, label: t(`keys.expiries.${value}`) }))}
        value={expiry}
        error={errors.expires_at?.message}
        onChange={(event) => {
          const next = event.currentTarget.value as Expiry;
          setExpiry(next);
          form.setValue('expires_at', expiryAt(next), { shouldDirty: true });
        }}
      />
      <Controller
        control={form.control}
        name="allowed_ips"
        render={({ field }) => (
          <TagsInput
            label={t('keys.fields.ips')}
            description={t('keys.fields.ipsHint')}
            placeholder={t('keys.fields.ipsPlaceholder')}
            maxTags={API_KEY_MAX_ALLOWED_IPS}
            splitChars={[',', ' ']}
            value={field.value ?? []}
            onChange={field.onChange}
            error={firstMessage(errors.allowed_ips as FieldError | FieldError[] | undefined)}
          />
        )}
      />
    </EntityForm>
  );
}
