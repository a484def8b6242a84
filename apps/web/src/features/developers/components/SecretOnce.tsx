import { Alert, Button, Code, CopyButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server answered once (an API key, a webhook's `whsec_`): the warning that it will
 * not be shown again, the value to select by hand and a copy button whose "copied" is announced.
 * It lives only in the dialog's state: closing the dialog forgets it.
 */
export function SecretOnce({
  label,
  secret,
  children,
  onDone,
}: {
  label: string;
  secret: string;
  /** What else to say about it (until when the old one stays valid, where to paste it). */
  children?: ReactNode;
  onDone: () => void;
}) {
  const { t } = useTranslation('developers');
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('secret.once')}
      </Alert>
      <div>
        <Text fz="sm" fw={500} mb={4}>
          {label}
        </Text>
        <Code block fz="sm" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
      </div>
      {children}
      <CopyButton value={secret} timeout={4000}>
        {({ copied, copy }) => (
          <Group justify="space-between" wrap="wrap">
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
            {/* The button's new name is not read out by every screen reader; this is. */}
            <VisuallyHidden role="status">{copied ? t('secret.copiedStatus') : ''}</VisuallyHidden>
            <Button variant="default" onClick={onDone}>
              {t('secret.done')}
            </Button>
          </Group>
        )}
      </CopyButton>
    </Stack>
  );
}
