import { z } from '@despacho/domain';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http';
import { useDomainForm } from '../lib/useDomainForm';
import { renderInApp } from '../test/render';
import { EntityForm } from './EntityForm';

const schema = z.object({ name: z.string().min(1), sku: z.string().min(1) });

/** A form whose save the server refuses with `failure`; the SKU field sits below the name. */
function SkuForm({ failure }: { failure: unknown }) {
  const { form, formProps } = useDomainForm({
    schema,
    defaultValues: { name: '', sku: '' },
    submit: () => Promise.reject(failure),
  });
  return (
    <EntityForm form={form} formProps={formProps} cancelLabel="Cancelar" submitLabel="Guardar">
      <TextInput
        label="Nombre"
        {...form.register('name')}
        error={form.formState.errors.name?.message}
      />
      <TextInput label="SKU" {...form.register('sku')} error={form.formState.errors.sku?.message} />
    </EntityForm>
  );
}

const taken = new ApiError(409, 'PRODUCT_ALREADY_REGISTERED', 'El SKU «A-1» ya está registrado.', {
  sku: 'Este SKU ya está registrado.',
});

describe('a domain form whose submit fails', () => {
  // Toasts live in a store of their own, beyond each test's render.
  afterEach(() => notifications.clean());

  it('focuses the field the server refused and says why in a toast', async () => {
    renderInApp(<SkuForm failure={taken} />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Playera' } });
    fireEvent.change(screen.getByLabelText('SKU'), { target: { value: 'A-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.getByLabelText('SKU')).toHaveFocus());
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    // The server's message above the fields, the toast pointing at the fields.
    expect(await screen.findByText('Revisa los campos marcados en rojo.')).toBeInTheDocument();
    expect(screen.getByText('El SKU «A-1» ya está registrado.')).toBeInTheDocument();
  });

  it('focuses the first field in error in the page’s order, with a toast', async () => {
    renderInApp(<SkuForm failure={taken} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
    expect(await screen.findByText('Revisa los campos marcados en rojo.')).toBeInTheDocument();
  });
});
