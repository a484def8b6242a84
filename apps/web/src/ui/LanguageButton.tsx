import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

/** The button showing the current language, which opens the menu. */
export const LanguageButton = forwardRef<
  HTMLButtonElement,
  ButtonProps & ComponentPropsWithoutRef<'button'>
>(function LanguageButton(props, ref) {
  const { t } = useTranslation();
  // The accessible name starts with what the button shows (WCAG 2.5.3, label in name).
  const code = currentLanguage().toUpperCase();
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      aria-label={t('language.change', { code })}
      leftSection={<IconLanguage size={18} />}
      {...props}
    >
      {code}
    </Button>
  );
});
