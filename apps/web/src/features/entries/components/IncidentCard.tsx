import { incidentAnswerSchema, type EntryIncidentView } from '@despacho/domain';
import { Badge, Button, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { useAnswerIncident, useEntryPhoto } from '../api';

function Photo({ entryId, photoId }: { entryId: string; photoId: string }) {
  const { t } = useTranslation('entries');
  const source = useEntryPhoto(entryId, photoId);
  return <Image src={source} alt={t('detail.photo')} w={96} h={96} radius="sm" fit="cover" />;
}

/** One incident staff recorded: kind, units, note, photos and the merchant's answer. */
export function IncidentCard({
  entryId,
  incident,
  canAnswer,
}: {
  entryId: string;
  incident: EntryIncidentView;
  canAnswer: boolean;
}) {
  const { t } = useTranslation('entries');
  const dates = useDateFormat();
  const answer = useAnswerIncident(entryId);
  const { form, formProps } = useDomainForm({
    schema: incidentAnswerSchema,
    defaultValues: { answer: incident.answer ?? '' },
    submit: (values) => answer.mutateAsync({ incidentId: incident.id, answer: values.answer }),
  });

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color="orange" variant="light">
            {t(`incidentKinds.${incident.kind}`)}
          </Badge>
          {incident.quantity !== null && (
            <Text fz="sm">{t('detail.quantity', { count: incident.quantity })}</Text>
          )}
          <Badge color={incident.resolved ? 'green' : 'gray'} variant="light">
            {incident.resolved ? t('detail.resolved') : t('detail.open')}
          </Badge>
          <Text fz="xs" c="dimmed">
            {dates.dateTime(incident.created_at)}
          </Text>
        </Group>
        {incident.note && <Text fz="sm">{incident.note}</Text>}
        {incident.photos.length > 0 && (
          <Group gap="xs">
            {incident.photos.map((photo) => (
              <Photo key={photo.id} entryId={entryId} photoId={photo.id} />
            ))}
          </Group>
        )}
        {incident.answer && (
          <Text fz="sm">
            <Text span fw={600} fz="sm">
              {t('detail.yourAnswer')}:
            </Text>{' '}
            {incident.answer}
          </Text>
        )}
        {canAnswer && (
          <FormBody
            {...formProps}
            actions={
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={formProps.busy}>
                  {t('actions.answer')}
                </Button>
              </Group>
            }
          >
            <Textarea
              label={t('detail.answerLabel')}
              placeholder={t('detail.answerPlaceholder')}
              rows={2}
              {...form.register('answer')}
              error={form.formState.errors.answer?.message}
            />
          </FormBody>
        )}
      </Stack>
    </Paper>
  );
}
