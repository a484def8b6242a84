import { currentLanguage } from './i18n';

/** A file size as people read it: `820 KB`, `1 MB`, in the reader's number format. */
export function formatFileSize(bytes: number): string {
  const locale = currentLanguage() === 'en' ? 'en-US' : 'es-MX';
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, kilobytes))} KB`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kilobytes / 1024)} MB`;
}
