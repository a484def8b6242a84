import { cannedReplyCreateSchema, TICKET_RULES } from '@despacho/domain';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { useAddCannedReply, useCannedReplies, useRemoveCannedReply } from '../staff-tickets-api';

/** The helpdesk's saved replies: the small list staff keep, add to and prune. */
export function CannedRepliesPanel() {
  const { t } = useTranslation('tickets', { keyPrefix: 'staff.canned' });
  const replies = useCannedReplies();
  const add = useAddCannedReply();
  const remove = useRemoveCannedReply();
  const { form, formProps } = useDomainForm({
    schema: cannedReplyCreateSchema,
    defaultValues: { title: '', body: '' },
    submit: (input) => add.mutateAsync(input),
    onSuccess: () => {
      form.reset();
    },
  });
  const { errors } = form.formState;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="canned-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="canned-title">
          {t('title')}
        </Title>
        {(replies.data ?? []).length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('empty')}
          </Text>
        )}
        {(replies.data ?? []).map((reply) => (
          <Group key={reply.id} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600} fz="sm">
                {reply.title}
              </Text>
              <Text fz="xs" c="dimmed" lineClamp={2}>
                {reply.body}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('remove')} ${reply.title}`}
              onClick={() => remove.mutate(reply.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <FormBody
          {...formProps}
          actions={
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={formProps.busy}>
                {t('add')}
              </Button>
            </Group>
          }
        >
          <TextInput
            label={t('name')}
            maxLength={80}
            error={errors.title?.message}
            {...form.register('title')}
          />
          <Textarea
            label={t('body')}
            rows={3}
            maxLength={TICKET_RULES.bodyMaxLength}
            error={errors.body?.message}
            {...form.register('body')}
          />
        </FormBody>
      </Stack>
    </Paper>
  );
}
