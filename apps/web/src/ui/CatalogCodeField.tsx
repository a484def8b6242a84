import { Alert, Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Ref } from 'react';

const DEBOUNCE_MS = 250;

/** The field props a form passes to a catalogue-code field (e.g. from a react-hook-form Controller). */
export interface CatalogCodeInputProps {
  label: string;
  /** The required mark, as the form's schema says. */
  withAsterisk?: boolean;
  /** Shown under the field until a code of the catalogue is chosen. */
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
}

/**
 * The input props of a react-hook-form `Controller` field, for a catalogue-code field:
 * `render={(controller) => <SatUnitField label={…} {...controlledCatalogCode(controller)} />}`.
 */
export function controlledCatalogCode({
  field,
  fieldState,
}: {
  field: {
    name: string;
    ref: Ref<HTMLInputElement>;
    value?: string | null;
    onChange: (value: string) => void;
    onBlur: () => void;
  };
  fieldState: { error?: { message?: string } };
}): Omit<CatalogCodeInputProps, 'label' | 'hint'> {
  return {
    name: field.name,
    inputRef: field.ref,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/** How one SAT catalogue is searched and shown. */
export interface CatalogCodeConfig<Item extends { code: string }, Answer> {
  /** Asks the catalogue for the codes that match the text. */
  search: (text: string) => Promise<Answer>;
  queryKey: (text: string) => QueryKey;
  /** The codes in an answer, ranked by the server. */
  items: (answer: Answer | undefined) => readonly Item[];
  /** Characters typed before the catalogue is searched. */
  minSearch: number;
  /** Offered while less than `minSearch` is typed, without asking the server. */
  idle?: readonly Item[];
  /** Text that is a whole code: the field then looks it up to show its name. */
  isCode: (text: string) => boolean;
  /** The name shown next to a code ("H87 — Pieza") and under the field once it is chosen. */
  describe: (item: Item) => string;
  /** Whether the answer (or error) says the catalogue is not imported. */
  notLoaded: (answer: Answer | undefined, error: unknown) => boolean;
  /** Known before anything is typed: false shows the note at once. */
  catalogueLoaded?: boolean;
  /** `data-testid` of the chosen code's name. */
  nameTestId: string;
  texts: {
    placeholder: string;
    notInCatalogue: string;
    notLoadedTitle: string;
    notLoadedBody: string;
  };
}

const NONE: readonly never[] = [];

/**
 * A SAT catalogue code autocomplete: typing searches the catalogue (debounced) and offers
 * "code — name"; choosing one, or typing a whole code, shows its name under the field, or says the
 * catalogue does not hold it; without the imported catalogue it says so in a note. The value is
 * what the input holds, so a typed code is kept as it is.
 */
export function CatalogCodeField<Item extends { code: string }, Answer>({
  label,
  withAsterisk,
  hint,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error,
  search,
  queryKey,
  items,
  minSearch,
  idle = NONE,
  isCode,
  describe,
  notLoaded: isNotLoaded,
  catalogueLoaded,
  nameTestId,
  texts,
}: CatalogCodeInputProps & CatalogCodeConfig<Item, Answer>) {
  const typed = value.trim();
  const [debounced] = useDebouncedValue(typed, DEBOUNCE_MS);
  const results = useQuery({
    queryKey: queryKey(debounced),
    queryFn: () => search(debounced),
    enabled: debounced.length >= minSearch,
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  // Below the minimum, the idle options (not the last search's).
  const options = typed.length >= minSearch ? items(results.data) : idle;
  const byCode = new Map([...idle, ...options].map((item) => [item.code, item]));

  const complete = isCode(typed);
  const chosen = complete ? byCode.get(typed) : undefined;
  const notLoaded =
    catalogueLoaded === false || (typed !== '' && isNotLoaded(results.data, results.error));
  // The catalogue answered for the code itself and does not hold it.
  const unknown =
    complete &&
    !chosen &&
    !notLoaded &&
    debounced === typed &&
    results.isSuccess &&
    !results.isPlaceholderData &&
    !results.isFetching;

  return (
    <Stack gap="xs">
      <Autocomplete
        label={label}
        withAsterisk={withAsterisk}
        placeholder={texts.placeholder}
        description={
          chosen ? (
            <Text span fz="xs" c="teal" data-testid={nameTestId}>
              {describe(chosen)}
            </Text>
          ) : unknown ? (
            <Text span fz="xs" c="orange">
              {texts.notInCatalogue}
            </Text>
          ) : (
            hint
          )
        }
        data={options.map((item) => item.code)}
        // The server filters and ranks; show its answer as it is.
        filter={({ options }) => options}
        limit={20}
        maxDropdownHeight={280}
        renderOption={({ option }) => {
          const item = byCode.get(option.value);
          return (
            <Text fz="sm">
              {option.value} — {item && describe(item)}
            </Text>
          );
        }}
        rightSection={results.isFetching ? <Loader size={14} /> : null}
        autoComplete="off"
        error={error}
        name={name}
        ref={inputRef}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
      />
      {notLoaded && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="note">
          <Text fz="sm" fw={600}>
            {texts.notLoadedTitle}
          </Text>
          <Text fz="sm">{texts.notLoadedBody}</Text>
        </Alert>
      )}
    </Stack>
  );
}
