import { TICKET_RULES } from '@despacho/domain';
import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const MAX_BYTES = 1024 * 1024;

/** What is wrong with the chosen files before sending them (the server checks again). */
export function filesProblem(files: File[]) {
  if (files.length > TICKET_RULES.attachmentsPerMessage) return { key: 'form.tooMany' } as const;
  const large = files.find((file) => file.size > MAX_BYTES);
  return large ? ({ key: 'form.tooLarge', name: large.name } as const) : null;
}

/** Up to 5 PDF, JPEG or PNG files for one message. */
export function TicketFilesInput({
  value,
  onChange,
}: {
  value: File[];
  onChange: (files: File[]) => void;
}) {
  const { t } = useTranslation('tickets');
  const problem = filesProblem(value);
  return (
    <FileInput
      multiple
      clearable
      label={t('form.files')}
      description={t('form.filesHint')}
      accept="application/pdf,image/jpeg,image/png"
      leftSection={<IconPaperclip size={16} />}
      value={value}
      onChange={onChange}
      error={problem && t(problem.key, { name: 'name' in problem ? problem.name : '' })}
    />
  );
}
