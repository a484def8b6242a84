import type { z } from '@despacho/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Controller, useForm, type FieldValues } from 'react-hook-form';
import { domainResolver } from '../lib/form-resolver';
import { controlledCatalogCode, type CatalogCodeInputProps } from '../ui/CatalogCodeField';
import { stubApi } from './api-stub';
import { json } from './fixtures';

/**
 * Renders a catalogue-code field (`SatUnitField`, `SatProductField`) as the one field `name` of a
 * form validated by the domain `schema`, with a "Guardar" submit button; returns the ways to drive
 * it and what the form submitted.
 */
export function renderCatalogCodeForm({
  schema,
  name,
  label,
  renderField,
}: {
  schema: z.ZodType<FieldValues, FieldValues>;
  name: string;
  /** The field's label, to find its input. */
  label: string;
  renderField: (field: Omit<CatalogCodeInputProps, 'label' | 'hint'>) => ReactNode;
}) {
  let submitted: unknown;
  function Form() {
    const form = useForm<FieldValues>({
      resolver: domainResolver(schema),
      defaultValues: { [name]: '' },
    });
    return (
      <form onSubmit={form.handleSubmit((values) => void (submitted = values[name]))}>
        <Controller
          control={form.control}
          name={name}
          render={(controller) => <>{renderField(controlledCatalogCode(controller))}</>}
        />
        <button type="submit">Guardar</button>
      </form>
    );
  }

  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Form />
      </QueryClientProvider>
    </MantineProvider>,
  );

  const field = () =>
    screen
      .getAllByLabelText(label)
      .find((element) => element.tagName === 'INPUT') as HTMLInputElement;
  return {
    field,
    /** Focuses the field and sets its text, as typing does. */
    type: (value: string) => {
      fireEvent.focus(field());
      fireEvent.change(field(), { target: { value } });
    },
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })),
    /** The field's value the form last submitted; undefined while it has not. */
    submitted: () => submitted,
  };
}

/**
 * Stubs `GET <path>?search=` with `answer(search)` as a 200 body; returns the texts searched, in
 * order.
 */
export function stubCatalogSearch(path: string, answer: (search: string) => unknown) {
  const searched: string[] = [];
  stubApi({
    [`GET ${path}`]: (_, url) => {
      const search = url.searchParams.get('search') ?? '';
      searched.push(search);
      return json(200, answer(search));
    },
  });
  return searched;
}
