import {
  errorMessage,
  VERIFICATION_RULES,
  verificationFileProblem,
  type VerificationDocument,
  type VerificationDocumentKind,
} from '@despacho/domain';
import { Badge, Button, FileButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEye, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { currentLanguage } from '../../../lib/i18n';
import { openFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { loadDocument, useUploadDocument } from '../api';
import { useDateFormat } from '../../../lib/dates';

const ACCEPT = [
  ...Object.values(VERIFICATION_RULES.mimeTypes),
  ...VERIFICATION_RULES.extensions,
].join(',');

/** One of the three documents: what is uploaded, and a way to upload, replace and view it. */
export function DocumentCard({
  kind,
  document,
  editable,
}: {
  kind: VerificationDocumentKind;
  document: VerificationDocument | null;
  editable: boolean;
}) {
  const dates = useDateFormat();
  const { t } = useTranslation('verification');
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);
  // Cleared after each pick, so picking the same file again still counts.
  const reset = useRef<() => void>(null);
  const title = t(`documents.kinds.${kind}.title`);
  const subject = title.toLowerCase();

  const pick = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    const found = verificationFileProblem(file);
    if (found) {
      setProblem(errorMessage(found, currentLanguage(), { max: '1 MB', allowed: 'PDF, JPG, PNG' }));
      return;
    }
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('documents.uploaded_toast', { document: subject }),
          }),
        onError: (error) => setProblem(messageOf(error)),
      },
    );
  };

  const view = () =>
    document &&
    openFile(() => loadDocument(kind), document.file_name).catch((error: unknown) =>
      setProblem(messageOf(error)),
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon
            variant="light"
            color={document ? 'green' : 'gray'}
            radius="xl"
            size="lg"
            aria-hidden
          >
            {document ? <IconCheck size={18} /> : <IconFileUpload size={18} />}
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600}>{title}</Text>
            <Text fz="sm" c="dimmed">
              {t(`documents.kinds.${kind}.hint`)}
            </Text>
            {document ? (
              <Text fz="sm">
                {t('documents.uploaded', {
                  name: document.file_name,
                  size: formatFileSize(document.size),
                  date: dates.date(document.uploaded_at),
                })}
              </Text>
            ) : (
              <Badge variant="light" color="gray" w="fit-content">
                {t('documents.missing')}
              </Badge>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {document && (
            <Button
              variant="subtle"
              leftSection={<IconEye size={16} />}
              aria-label={t('documents.viewLabel', { document: subject })}
              onClick={() => void view()}
            >
              {t('documents.view')}
            </Button>
          )}
          {editable && (
            <FileButton
              onChange={pick}
              resetRef={reset}
              accept={ACCEPT}
              inputProps={{ 'aria-label': t('documents.inputLabel', { document: subject }) }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant={document ? 'default' : 'filled'}
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  aria-label={t(document ? 'documents.replaceLabel' : 'documents.uploadLabel', {
                    document: subject,
                  })}
                >
                  {t(document ? 'documents.replace' : 'documents.upload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Group>
      {problem && (
        <Text c="red" fz="sm" mt="sm" role="alert">
          {problem}
        </Text>
      )}
    </Paper>
  );
}
