import { TextInput } from '@mantine/core';

/** True when both days are set and "to" comes before "from" (YYYY-MM-DD compares as text). */
export const isReversedRange = (from?: string, to?: string) => Boolean(from && to && from > to);

/**
 * "Desde" / "Hasta" day inputs of a list filter kept in the URL. A reversed range shows
 * `rangeError` under "Hasta"; the page decides not to query it.
 */
export function DateRangeFields({
  from,
  to,
  labels,
  rangeError,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  labels: { from: string; to: string };
  rangeError: string;
  onChange: (key: 'from' | 'to', value: string | undefined) => void;
}) {
  return (
    <>
      <TextInput
        type="date"
        w={180}
        label={labels.from}
        value={from ?? ''}
        max={to}
        onChange={(event) => onChange('from', event.currentTarget.value || undefined)}
      />
      <TextInput
        type="date"
        w={180}
        label={labels.to}
        value={to ?? ''}
        min={from}
        error={isReversedRange(from, to) ? rangeError : undefined}
        onChange={(event) => onChange('to', event.currentTarget.value || undefined)}
      />
    </>
  );
}
