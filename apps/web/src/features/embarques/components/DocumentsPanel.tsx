import { EMBARQUE_RULES, type DocumentKind, type EmbarqueDocument, type z } from '@despacho/domain';
import { ActionIcon, Button, FileInput, Group, Modal, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { DataTable } from '../../../ui/DataTable';
import { FormBody } from '../../../ui/FormBody';
import { Section } from './Section';

/** PDF, JPEG or PNG: what the server accepts (it reads the type from the content again). */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const MAX_SIZE = formatFileSize(EMBARQUE_RULES.documentMaxBytes);

/** What is wrong with a chosen file before it is sent. */
export function documentProblem(file: File | null) {
  if (!file) return { key: 'documents.required' } as const;
  if (!DOCUMENT_TYPES.includes(file.type)) return { key: 'documents.badType' } as const;
  if (file.size > EMBARQUE_RULES.documentMaxBytes) return { key: 'documents.tooLarge' } as const;
  return null;
}

type KindSchema = z.ZodType<{ kind: DocumentKind }, { kind: DocumentKind }>;
type Upload = UseMutationResult<unknown, Error, { kind: DocumentKind; file: File }>;

/**
 * The embarque's documents, each downloadable; `upload` adds one of `kinds` (the merchant's two,
 * or every kind for staff), the file checked against the shared limits before it is sent;
 * `onRemove` (staff) withdraws one.
 */
export function DocumentsPanel({
  documents,
  download,
  upload,
  kinds,
  schema,
  onRemove,
  hint,
}: {
  documents: EmbarqueDocument[];
  download: (document: EmbarqueDocument) => Promise<Blob>;
  upload?: Upload;
  kinds: readonly DocumentKind[];
  schema: KindSchema;
  onRemove?: (document: EmbarqueDocument) => void;
  hint?: string;
}) {
  const { t } = useTranslation('embarques');
  const dates = useDateFormat();
  const [uploading, setUploading] = useState(false);
  const save = async (document: EmbarqueDocument) => {
    try {
      saveFile(await download(document), document.name);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('documents.downloadFailed'),
        message: messageOf(error),
      });
    }
  };

  return (
    <Section
      title={t('documents.title')}
      action={
        upload && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUpload size={16} />}
            onClick={() => setUploading(true)}
          >
            {t('documents.upload')}
          </Button>
        )
      }
    >
      {hint && (
        <Text fz="sm" c="dimmed" mb="sm">
          {hint}
        </Text>
      )}
      {documents.length === 0 ? (
        <Text c="dimmed">{t('documents.empty')}</Text>
      ) : (
        <DataTable
          rows={documents}
          rowKey={(document) => document.id}
          minWidth={560}
          cardsBelow="xs"
          columns={[
            {
              key: 'name',
              header: t('documents.name'),
              cardTitle: true,
              cell: (document) => (
                <Text fz="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {document.name}
                </Text>
              ),
            },
            {
              key: 'kind',
              header: t('documents.kind'),
              cell: (document) => t(`documentKinds.${document.kind}`),
            },
            {
              key: 'uploaded',
              header: t('documents.uploaded'),
              cell: (document) =>
                `${dates.date(document.created_at)} · ${t(`documents.by.${document.uploaded_by}`)} · ${formatFileSize(document.size)}`,
            },
            {
              key: 'actions',
              header: t('documents.name'),
              hideHeader: true,
              align: 'right',
              cell: (document) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={t('documents.download', { name: document.name })}>
                    <ActionIcon
                      variant="light"
                      aria-label={t('documents.download', { name: document.name })}
                      onClick={() => void save(document)}
                    >
                      <IconDownload size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {onRemove && (
                    <Tooltip label={t('documents.remove', { name: document.name })}>
                      <ActionIcon
                        variant="light"
                        color="red"
                        aria-label={t('documents.remove', { name: document.name })}
                        onClick={() => onRemove(document)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      {upload && (
        <Modal
          opened={uploading}
          onClose={() => setUploading(false)}
          title={t('documents.upload')}
          centered
          closeButtonProps={{ 'aria-label': t('staff.closeDialog') }}
        >
          <UploadForm
            upload={upload}
            kinds={kinds}
            schema={schema}
            onDone={() => setUploading(false)}
          />
        </Modal>
      )}
    </Section>
  );
}

function UploadForm({
  upload,
  kinds,
  schema,
  onDone,
}: {
  upload: Upload;
  kinds: readonly DocumentKind[];
  schema: KindSchema;
  onDone: () => void;
}) {
  const { t } = useTranslation('embarques');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const { form, formProps } = useDomainForm({
    schema,
    defaultValues: { kind: kinds[0] },
    submit: ({ kind }) => upload.mutateAsync({ kind, file: file! }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('documents.done') });
      onDone();
    },
  });
  const problem = documentProblem(file);
  return (
    <FormBody
      {...formProps}
      // A file the server would refuse is not sent: the field already says why.
      onSubmit={(event) => {
        setChecked(true);
        return problem ? event.preventDefault() : formProps.onSubmit(event);
      }}
      actions={
        <Group justify="flex-end">
          <Button type="submit" loading={formProps.busy} leftSection={<IconUpload size={16} />}>
            {t('documents.upload')}
          </Button>
        </Group>
      }
    >
      <Controller
        control={form.control}
        name="kind"
        render={({ field, fieldState }) => (
          <Select
            label={t('documents.kind')}
            data={kinds.map((kind) => ({ value: kind, label: t(`documentKinds.${kind}`) }))}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
            allowDeselect={false}
            withAsterisk
          />
        )}
      />
      <FileInput
        label={t('documents.file')}
        description={t('documents.fileHint', { size: MAX_SIZE })}
        accept={DOCUMENT_TYPES.join(',')}
        leftSection={<IconPaperclip size={16} />}
        value={file}
        onChange={setFile}
        clearable
        withAsterisk
        error={
          problem && (checked || file)
            ? t(problem.key, { name: file?.name ?? '', size: MAX_SIZE })
            : undefined
        }
      />
    </FormBody>
  );
}
