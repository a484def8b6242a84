import { LOGO_RULES, type Organization } from '@despacho/domain';
import {
  Alert,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { AppLoadingOverlay } from '../../../ui/AppLoadingOverlay';
import { useLogoRemoval, useLogoUpload } from '../../../lib/api/accounts';
import { notifySaved } from './notify';
import { OrganizationLogo } from './OrganizationLogo';

const PREVIEW_HEIGHT = 96;

/** What the browser can tell before uploading; the server checks the content itself. */
export function logoProblem(file: File): 'wrongType' | 'tooLarge' | null {
  if (!(LOGO_RULES.mimeTypes as readonly string[]).includes(file.type)) return 'wrongType';
  return file.size > LOGO_RULES.maxBytes ? 'tooLarge' : null;
}

/** An object URL for a picked file, revoked when it changes. */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);
  return preview;
}

/** The current logo; choose a new one, see it, then save it, or remove the current one. */
export function LogoCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('accounts');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const preview = usePreview(file);
  const upload = useLogoUpload();
  const removal = useLogoRemoval();

  const clear = () => {
    setFile(null);
    resetInput.current?.();
  };
  const choose = (picked: File | null) => {
    upload.reset();
    removal.reset();
    if (!picked) return;
    const found = logoProblem(picked);
    if (found) {
      clear();
      setProblem(t(`logo.${found}`, { size: `${(picked.size / (1024 * 1024)).toFixed(1)} MB` }));
      return;
    }
    setProblem(null);
    setFile(picked);
  };
  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        clear();
        notifySaved(t('logo.saved'));
      },
    });
  };
  const remove = () =>
    removal.mutate(undefined, { onSuccess: () => notifySaved(t('logo.removed')) });

  const failure = upload.error ?? removal.error;
  const error = problem ?? (failure ? messageOf(failure) : null);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} pos="relative">
      <AppLoadingOverlay visible={upload.isPending || removal.isPending} />
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Center
          w={PREVIEW_HEIGHT * 2}
          h={PREVIEW_HEIGHT}
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          {preview ? (
            <Image
              src={preview}
              alt={t('logo.previewAlt')}
              h={PREVIEW_HEIGHT - 16}
              w="auto"
              fit="contain"
            />
          ) : organization.logo_url ? (
            <OrganizationLogo organization={organization} height={PREVIEW_HEIGHT - 16} />
          ) : (
            <Stack gap={4} align="center" c="dimmed">
              <IconPhoto size={28} aria-hidden="true" />
              <Text fz="xs">{t('logo.empty')}</Text>
            </Stack>
          )}
        </Center>
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} fz="lg">
            {t('logo.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('logo.hint')}
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group gap="xs">
            {file ? (
              <>
                <Button onClick={save}>{t('logo.save')}</Button>
                <Button variant="default" onClick={clear}>
                  {t('logo.cancel')}
                </Button>
              </>
            ) : (
              <>
                <FileButton
                  onChange={choose}
                  accept={LOGO_RULES.mimeTypes.join(',')}
                  resetRef={resetInput}
                  inputProps={{ 'aria-label': t('logo.input') }}
                >
                  {(props) => (
                    <Button variant="light" {...props}>
                      {t('logo.choose')}
                    </Button>
                  )}
                </FileButton>
                {organization.logo_url && (
                  <Button variant="subtle" color="red" onClick={remove}>
                    {t('logo.remove')}
                  </Button>
                )}
              </>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
