import type { VerificationDocument, VerificationDocumentKind } from '@despacho/domain';
import { Alert, Button, Center, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/file-size';
import { openFile, saveFile } from '../../../lib/open-file';
import { messageOf } from '../../../lib/server-errors';
import { loadStaffDocument, staffKeys } from '../staff-api';

/** An image document shown inline, from the bytes the API served (no plain link: it needs sign-in). */
function ImagePreview({ blob, alt }: { blob: Blob; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url ? <Image src={url} alt={alt} mah={260} fit="contain" radius="sm" /> : null;
}

/** One submitted document for review: a preview of images, and buttons to open or save it. */
export function DocumentPreview({
  organizationId,
  kind,
  document,
}: {
  organizationId: string;
  kind: VerificationDocumentKind;
  document: VerificationDocument | null;
}) {
  const { t } = useTranslation('verification');
  const title = t(`staff.documents.kinds.${kind}`);
  const [problem, setProblem] = useState<string | null>(null);
  const isImage = document !== null && document.file_type !== 'pdf';
  const preview = useQuery({
    // A document uploaded again is another file: its upload time is part of the key.
    queryKey: [
      ...staffKeys.document({ params: { organizationId, kind } }),
      document?.uploaded_at ?? '',
    ],
    queryFn: () => loadStaffDocument(organizationId, kind),
    enabled: isImage,
    staleTime: Infinity,
  });
  const load = () => loadStaffDocument(organizationId, kind);
  const fail = (error: unknown) => setProblem(messageOf(error));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {document
              ? `${document.file_name} · ${document.file_type.toUpperCase()} · ${formatFileSize(document.size)}`
              : t('staff.documents.missing')}
          </Text>
        </div>
        {document &&
          (isImage ? (
            preview.isPending ? (
              <Skeleton h={200} />
            ) : preview.isError ? (
              <Text fz="sm" c="dimmed">
                {t('staff.documents.previewFailed')}
              </Text>
            ) : (
              <ImagePreview
                blob={preview.data}
                alt={t('staff.documents.previewAlt', { document: title })}
              />
            )
          ) : (
            <Center h={120} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 8 }}>
              <Stack align="center" gap={4}>
                <IconFileTypePdf size={36} stroke={1.4} aria-hidden />
                <Text fz="sm" c="dimmed">
                  {t('staff.documents.pdf')}
                </Text>
              </Stack>
            </Center>
          ))}
        {document && (
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconExternalLink size={14} />}
              aria-label={t('staff.documents.openLabel', { document: title })}
              onClick={() => void openFile(load, document.file_name).catch(fail)}
            >
              {t('staff.documents.open')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconDownload size={14} />}
              aria-label={t('staff.documents.downloadLabel', { document: title })}
              onClick={() =>
                void load()
                  .then((blob) => saveFile(blob, document.file_name))
                  .catch(fail)
              }
            >
              {t('staff.documents.download')}
            </Button>
          </Group>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
