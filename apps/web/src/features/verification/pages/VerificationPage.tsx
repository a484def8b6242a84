import {
  errorMessage,
  isVerificationEditable,
  PERSON_TYPES,
  VERIFICATION_DOCUMENT_KINDS,
  verificationSubmitSchema,
  type Verification,
} from '@despacho/domain';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { PageHeader } from '../../../ui/PageHeader';
import { VerificationStatusBadge } from '../../../ui/VerificationStatusBadge';
import { useVerification, verificationApi, verificationKeys } from '../api';
import { DocumentCard } from '../components/DocumentCard';
import { StatusAlert } from '../components/StatusAlert';

/** One step of the checklist: its title, whether it is complete, and its content. */
function Step({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  const { t } = useTranslation('verification');
  const Icon = done ? IconCircleCheck : IconCircleDashed;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Group gap={4} c={done ? 'green' : 'dimmed'}>
          <Icon size={18} aria-hidden />
          <Text fz="sm">{t(done ? 'steps.done' : 'steps.pending')}</Text>
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

/** The person type and submit steps: a form validated by the same schema as the API. */
function SubmitForm({ verification }: { verification: Verification }) {
  const { t } = useTranslation('verification');
  const queryClient = useQueryClient();
  const editable = isVerificationEditable(verification.status);
  const missing = VERIFICATION_DOCUMENT_KINDS.filter((kind) => !verification.documents[kind]);
  const { form, formProps } = useDomainForm({
    schema: verificationSubmitSchema,
    defaultValues: { person_type: verification.person_type ?? undefined },
    submit: async ({ person_type }) => {
      // The server says the same; no need to ask it.
      if (missing.length > 0) {
        throw new ApiError(
          400,
          'VERIFICATION_INCOMPLETE',
          errorMessage('VERIFICATION_INCOMPLETE', currentLanguage()),
        );
      }
      return verificationApi.submit(person_type);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(verificationKeys.current(), updated);
      notifications.show({ color: 'green', message: t('submit.sent') });
    },
  });
  const personType = form.watch('person_type');

  return (
    <Box component="form" onSubmit={formProps.onSubmit} noValidate>
      <Stack gap="lg">
        <Step title={t('steps.personType')} done={Boolean(personType)}>
          <Controller
            control={form.control}
            name="person_type"
            render={({ field, fieldState }) => (
              <Radio.Group
                label={t('personType.label')}
                value={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
                withAsterisk
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {PERSON_TYPES.map((type) => (
                    <Radio.Card key={type} value={type} radius="md" p="md" disabled={!editable}>
                      <Group wrap="nowrap" align="flex-start">
                        <Radio.Indicator disabled={!editable} />
                        <div>
                          <Text fw={600}>{t(`personType.${type}`)}</Text>
                          <Text fz="sm" c="dimmed">
                            {t(`personType.${type}Hint`)}
                          </Text>
                        </div>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          />
        </Step>
        <Step title={t('steps.documents')} done={missing.length === 0}>
          <Text fz="sm" c="dimmed" mb="sm">
            {t('documents.rules')}
          </Text>
          <Stack gap="sm">
            {VERIFICATION_DOCUMENT_KINDS.map((kind) => (
              <DocumentCard
                key={kind}
                kind={kind}
                document={verification.documents[kind]}
                editable={editable}
              />
            ))}
          </Stack>
        </Step>
        {editable && (
          <Step title={t('steps.submit')} done={false}>
            <Stack gap="sm" align="flex-start">
              {formProps.error && (
                <Alert color="red" variant="light" w="100%">
                  {formProps.error}
                </Alert>
              )}
              <Text fz="sm" c="dimmed">
                {t('submit.hint')}
              </Text>
              <Button type="submit" loading={formProps.busy}>
                {t('submit.button')}
              </Button>
            </Stack>
          </Step>
        )}
      </Stack>
    </Box>
  );
}

/** Account verification (spec §2): person type, three documents, review by platform staff. */
export function VerificationPage() {
  const { t } = useTranslation('verification');
  const nav = useTranslation('navigation').t;
  const verification = useVerification();
  const status = verification.data?.status;

  return (
    <Stack gap="lg" maw={880}>
      <div>
        <PageHeader
          title={t('title')}
          breadcrumbs={[
            { label: nav('modules.settings') },
            { label: nav('screens.settingsDetails.title'), to: '/app/settings/details' },
            { label: t('title') },
          ]}
          badge={
            status && (
              <VerificationStatusBadge
                status={status}
                label={t(`status.${status}`)}
                size="lg"
                aria-label={`${t('statusLabel')}: ${t(`status.${status}`)}`}
              />
            )
          }
        />
        <Text c="dimmed" mt={-12}>
          {t('subtitle')}
        </Text>
      </div>
      {verification.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : verification.isError ? (
        <Alert color="red">{messageOf(verification.error)}</Alert>
      ) : (
        <>
          <StatusAlert verification={verification.data} />
          {/* Remounted at each submission, so the form starts from the person type saved with it. */}
          <SubmitForm
            key={verification.data.submitted_at ?? 'new'}
            verification={verification.data}
          />
        </>
      )}
    </Stack>
  );
}
