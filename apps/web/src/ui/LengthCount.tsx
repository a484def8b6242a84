import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * "12 de 35 caracteres" under a text field with a length limit, shown while the merchant types; red once the
 * text is longer than the limit (the form refuses it on submit with the schema's message).
 */
export function LengthCount({ value, max }: { value: string | undefined; max: number }) {
  const { t } = useTranslation('common');
  const used = value?.length ?? 0;
  return (
    <Text span fz="xs" c={used > max ? 'red.8' : 'dimmed'}>
      {t('lengthCount', { used, max })}
    </Text>
  );
}
