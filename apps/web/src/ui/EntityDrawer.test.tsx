import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { EntityDrawer } from './EntityDrawer';
import { EntityForm } from './EntityForm';

function NameForm({ onSaved }: { onSaved: () => void }) {
  const form = useForm({ defaultValues: { name: 'Bodega' } });
  return (
    <EntityForm
      form={form}
      formProps={{
        error: null,
        busy: false,
        onSubmit: (event) => {
          event.preventDefault();
          onSaved();
        },
      }}
      cancelLabel="Cancelar"
      submitLabel="Guardar"
    >
      <TextInput label="Nombre" {...form.register('name')} />
    </EntityForm>
  );
}

/** A drawer opened from a button, closed by the guard or by a save. */
function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  const close = () => {
    onClose();
    setOpened(false);
  };
  return (
    <MantineProvider env="test">
      <EntityDrawer opened={opened} onClose={close} title="Editar" closeLabel="Cerrar">
        <NameForm onSaved={close} />
      </EntityDrawer>
    </MantineProvider>
  );
}

const drawerGone = () =>
  waitFor(() => expect(screen.queryByLabelText('Nombre')).not.toBeInTheDocument());

describe('EntityDrawer', () => {
  it('closes at once while nothing changed', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await drawerGone();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('¿Salir sin guardar?')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, from Cancel or the close button', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Bodega Norte' } });

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Salir sin guardar?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByText('¿Salir sin guardar?')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Bodega Norte');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    await drawerGone();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes without asking once the changes are saved', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Bodega Norte' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await drawerGone();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('¿Salir sin guardar?')).not.toBeInTheDocument();
  });
});
