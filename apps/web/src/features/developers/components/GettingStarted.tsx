import { Anchor, Code, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Where the public reference lives, served by the API itself. */
const API_DOCS_PATH = '/api/docs';

/** A quote for one parcel: the first call a merchant's system makes, copied as it stands. */
const curlExample = (origin: string) =>
  [
    `curl -X POST ${origin}/api/v1/quotes \\`,
    `  -H "Authorization: Bearer dsp_test_…" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"origin_zip":"64000","destination_zip":"03100","parcels":[{"length":30,"width":20,"height":15,"weight":1.5}]}'`,
  ].join('\n');

/** The Standard Webhooks recipe: the raw body and the three headers, checked by the package. */
const VERIFY_EXAMPLE = [
  `import { Webhook } from 'standardwebhooks';`,
  ``,
  `const webhook = new Webhook(process.env.DESPACHO_WEBHOOK_SECRET); // whsec_…`,
  `// rawBody: the request's body exactly as received, before JSON.parse`,
  `const event = webhook.verify(rawBody, {`,
  `  'webhook-id': headers['webhook-id'],`,
  `  'webhook-timestamp': headers['webhook-timestamp'],`,
  `  'webhook-signature': headers['webhook-signature'],`,
  `});`,
].join('\n');

/**
 * The short way in: the reference at `/api/docs`, a first call with a key, and how a receiver
 * checks our signature. The examples hold a placeholder, never a real key.
 */
export function GettingStarted() {
  const { t } = useTranslation('developers');
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="start-title">
      <Stack gap="md" maw={880}>
        <Title order={2} fz="lg" id="start-title">
          {t('start.title')}
        </Title>
        <List spacing="xs" fz="sm">
          <List.Item>{t('start.keyStep')}</List.Item>
          <List.Item>
            {t('start.docsStep')}{' '}
            <Anchor href={API_DOCS_PATH} target="_blank" rel="noopener" fz="sm">
              {t('start.docsLink')} <IconExternalLink size={14} aria-hidden />
              <VisuallyHidden>{t('start.newTab')}</VisuallyHidden>
            </Anchor>
          </List.Item>
          <List.Item>{t('start.idempotency')}</List.Item>
        </List>
        <div>
          <Text fz="sm" fw={500} mb={4}>
            {t('start.curl')}
          </Text>
          <Code block tabIndex={0} style={{ whiteSpace: 'pre-wrap' }}>
            {curlExample(window.location.origin)}
          </Code>
        </div>
        <div>
          <Text fz="sm" fw={500} mb={4}>
            {t('start.verify')}
          </Text>
          <Text fz="sm" c="dimmed" mb={6}>
            {t('start.verifyHint')}
          </Text>
          <Code block tabIndex={0} style={{ whiteSpace: 'pre-wrap' }}>
            {VERIFY_EXAMPLE}
          </Code>
        </div>
      </Stack>
    </Paper>
  );
}
