import { NOTICE_AUDIENCES, newsInputSchema, type NewsInput } from '@despacho/domain';
import { Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { useCreateNews } from '../api';

const EVERYONE = 'everyone';

/** `datetime-local` shows the browser's time; the schema holds an instant. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);

/** Staff write a news item in both languages, for everyone or one audience, with its dates. */
export function NewsFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Modal opened={opened} onClose={onClose} title={t('news.create')} size="lg" centered>
      {opened && <NewsForm onClose={onClose} />}
    </Modal>
  );
}

function NewsForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const create = useCreateNews();
  const { form, formProps } = useDomainForm({
    schema: newsInputSchema,
    defaultValues: {
      title_es: '',
      title_en: '',
      body_es: '',
      body_en: '',
      audience: null,
      starts_at: new Date().toISOString(),
      ends_at: null,
    } satisfies NewsInput,
    submit: create.mutateAsync,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('news.created') });
      onClose();
    },
  });
  const { errors } = form.formState;

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      submitLabel={t('news.publish')}
      cancelLabel={t('news.cancel')}
      onCancel={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label={t('news.fields.title_es')}
          required
          {...form.register('title_es')}
          error={errors.title_es?.message}
        />
        <Textarea
          label={t('news.fields.body_es')}
          required
          autosize
          minRows={2}
          {...form.register('body_es')}
          error={errors.body_es?.message}
        />
        <TextInput
          label={t('news.fields.title_en')}
          required
          {...form.register('title_en')}
          error={errors.title_en?.message}
        />
        <Textarea
          label={t('news.fields.body_en')}
          required
          autosize
          minRows={2}
          {...form.register('body_en')}
          error={errors.body_en?.message}
        />
        <Controller
          control={form.control}
          name="audience"
          render={({ field }) => (
            <Select
              label={t('news.fields.audience')}
              allowDeselect={false}
              value={field.value ?? EVERYONE}
              onChange={(value) => field.onChange(value === EVERYONE ? null : value)}
              data={[EVERYONE, ...NOTICE_AUDIENCES].map((value) => ({
                value,
                label: t(`news.audiences.${value}`),
              }))}
            />
          )}
        />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="starts_at"
            render={({ field, fieldState }) => (
              <TextInput
                type="datetime-local"
                label={t('news.fields.starts_at')}
                required
                value={toLocal(field.value)}
                onChange={(event) => field.onChange(fromLocal(event.currentTarget.value) ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="ends_at"
            render={({ field, fieldState }) => (
              <TextInput
                type="datetime-local"
                label={t('news.fields.ends_at')}
                description={t('news.fields.ends_at_hint')}
                value={toLocal(field.value)}
                onChange={(event) => field.onChange(fromLocal(event.currentTarget.value))}
                error={fieldState.error?.message}
              />
            )}
          />
        </Group>
      </Stack>
    </EntityForm>
  );
}
