import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useTranslation } from 'react-i18next';

/** True when both days are set and "to" comes before "from" (YYYY-MM-DD compares as text). */
export const isReversedRange = (from?: string, to?: string) => Boolean(from && to && from > to);

/**
 * "Desde" / "Hasta" day pickers of a list filter kept in the URL, as `YYYY-MM-DD` (calendar days
 * of the organization, which the server reads in its zone). The calendar speaks the screen's
 * language; a day is shown as on every screen (`lib/dates.ts`). A reversed range (only possible
 * from the URL) shows `rangeError` under "Hasta"; the page decides not to query it.
 */
export function DateRangeFields({
  from,
  to,
  labels,
  rangeError,
  onChange,
  width = 180,
}: {
  from: string | undefined;
  to: string | undefined;
  labels: { from: string; to: string };
  rangeError: string;
  onChange: (key: 'from' | 'to', value: string | undefined) => void;
  /** Of each picker: a list with more filters beside them passes less. */
  width?: number;
}) {
  const { t, i18n } = useTranslation('common');
  const shared: Partial<DatePickerInputProps> = {
    w: width,
    clearable: true,
    locale: i18n.language,
    valueFormat: 'DD/MM/YYYY',
    ariaLabels: {
      previousMonth: t('datePicker.previousMonth'),
      nextMonth: t('datePicker.nextMonth'),
      previousYear: t('datePicker.previousYear'),
      nextYear: t('datePicker.nextYear'),
      previousDecade: t('datePicker.previousDecade'),
      nextDecade: t('datePicker.nextDecade'),
    },
  };
  return (
    <>
      <DatePickerInput
        {...shared}
        label={labels.from}
        value={from ?? null}
        maxDate={to}
        defaultDate={to}
        onChange={(value) => onChange('from', value ?? undefined)}
      />
      <DatePickerInput
        {...shared}
        label={labels.to}
        value={to ?? null}
        minDate={from}
        defaultDate={from}
        error={isReversedRange(from, to) ? rangeError : undefined}
        onChange={(value) => onChange('to', value ?? undefined)}
      />
    </>
  );
}
