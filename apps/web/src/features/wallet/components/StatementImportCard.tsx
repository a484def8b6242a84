import { STATEMENT_COLUMNS, type BankStatementImport } from '@despacho/domain';
import { Alert, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/server-errors';
import { useImportStatement } from '../bank-transfers-api';

const MAX_BYTES = 1024 * 1024;
const COUNTS = ['credited', 'matched_notifications', 'unmatched', 'duplicates'] as const;

/**
 * "Importar estado de cuenta": staff upload the bank's CSV; every row is checked before
 * anything is recorded, and the answer says what became of the transfers.
 */
export function StatementImportCard() {
  const { t } = useTranslation('bank-transfers');
  const upload = useImportStatement();
  const reset = useRef<() => void>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BankStatementImport | null>(null);

  const pick = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    setResult(null);
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem(t('import.tooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: setResult,
      onError: (error) => setProblem(messageOf(error)),
    });
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Text fw={600}>{t('import.title')}</Text>
            <Text fz="sm" c="dimmed">
              {t('import.help')}
            </Text>
            <Text fz="xs" c="dimmed" ff="monospace" mt={4}>
              {STATEMENT_COLUMNS.join(',')}
            </Text>
          </div>
          <FileButton
            onChange={pick}
            resetRef={reset}
            accept=".csv,text/csv"
            inputProps={{ 'aria-label': t('import.input') }}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={upload.isPending}
              >
                {t('import.button')}
              </Button>
            )}
          </FileButton>
        </Group>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        {result && (
          <Alert color="green" variant="light" title={t('import.done', { rows: result.rows })}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={4}>
              {COUNTS.map((key) => (
                <div key={key}>
                  <Text fz="xl" fw={700} data-testid={`count-${key}`}>
                    {result[key]}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {t(`import.counts.${key}`)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
