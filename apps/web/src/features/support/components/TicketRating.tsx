import { ticketRatingSchema, TICKET_RULES } from '@despacho/domain';
import { Button, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';

/** The satisfaction rating of a closed ticket: 1 to 5 and an optional comment. */
export function TicketRating({
  rating,
  rate,
}: {
  rating: number | null;
  rate: (input: { rating: number; comment?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('tickets');
  const { form, formProps } = useDomainForm({
    schema: ticketRatingSchema,
    defaultValues: { rating: 0, comment: '' },
    submit: rate,
  });
  if (rating !== null) return <Text fz="sm">{t('detail.yourRating', { rating })}</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      <FormBody
        {...formProps}
        actions={
          <Button type="submit" loading={formProps.busy}>
            {t('actions.rate')}
          </Button>
        }
      >
        <Stack gap={4}>
          <Text fw={600}>{t('detail.rateTitle')}</Text>
          <Controller
            control={form.control}
            name="rating"
            render={({ field, fieldState }) => (
              <>
                <SegmentedControl
                  aria-label={t('detail.rating')}
                  w="fit-content"
                  data={['1', '2', '3', '4', '5']}
                  value={field.value ? String(field.value) : ''}
                  onChange={(value) => field.onChange(Number(value))}
                />
                {fieldState.error && (
                  <Text c="red" fz="xs">
                    {fieldState.error.message}
                  </Text>
                )}
              </>
            )}
          />
        </Stack>
        <Textarea
          label={t('detail.comment')}
          maxLength={TICKET_RULES.ratingCommentMaxLength}
          {...form.register('comment')}
        />
      </FormBody>
    </Paper>
  );
}
