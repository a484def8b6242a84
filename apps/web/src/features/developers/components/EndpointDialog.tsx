import { webhookEndpointSchema, type WebhookEndpointView } from '@despacho/domain';
import { Modal, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useCreateEndpoint, useUpdateEndpoint } from '../webhooks-api';
import { EventsField } from './EventsField';
import { SecretOnce } from './SecretOnce';

/** What the dialog is for: a new endpoint, or the one being edited. */
export type EndpointEditing = { endpoint: WebhookEndpointView | null } | null;

/**
 * Registers an endpoint (then its `whsec_` secret, once, in the same dialog) or edits one: URL,
 * description, events by domain and whether it receives them.
 */
export function EndpointDialog({
  editing,
  onClose,
}: {
  editing: EndpointEditing;
  onClose: () => void;
}) {
  const { t } = useTranslation('developers');
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  const endpoint = editing?.endpoint ?? null;
  const title = secret
    ? t('hooks.created.title')
    : endpoint
      ? t('hooks.edit.title')
      : t('hooks.create.title');
  return (
    <Modal opened={editing !== null} onClose={close} title={title} size="lg">
      {editing !== null &&
        (secret ? (
          <SecretOnce label={t('hooks.created.label')} secret={secret} onDone={close} />
        ) : (
          <EndpointForm
            endpoint={endpoint}
            onCancel={close}
            onCreated={setSecret}
            onSaved={close}
          />
        ))}
    </Modal>
  );
}

function EndpointForm({
  endpoint,
  onCancel,
  onCreated,
  onSaved,
}: {
  endpoint: WebhookEndpointView | null;
  onCancel: () => void;
  onCreated: (secret: string) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('developers');
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint(endpoint?.id ?? '');
  const { form, formProps } = useDomainForm({
    schema: webhookEndpointSchema,
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      enabled: endpoint?.enabled ?? true,
    },
    submit: async (values) =>
      endpoint
        ? (await update.mutateAsync(values), null)
        : (await create.mutateAsync(values)).secret,
    onSuccess: (secret) => {
      if (secret) return onCreated(secret);
      notifications.show({ color: 'green', message: t('hooks.edit.saved') });
      onSaved();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={endpoint ? t('hooks.edit.submit') : t('hooks.create.submit')}
      cancelLabel={t('actions.cancel')}
      onCancel={onCancel}
    >
      <TextInput
        label={t('hooks.fields.url')}
        description={t('hooks.fields.urlHint')}
        placeholder="https://"
        withAsterisk
        type="url"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextInput
        label={t('hooks.fields.description')}
        maxLength={200}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <EventsField
            value={field.value}
            onChange={field.onChange}
            error={(fieldState.error as FieldError | undefined)?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={t('hooks.fields.enabled')}
            checked={field.value ?? true}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    </EntityForm>
  );
}
