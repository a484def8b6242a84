import { Drawer, Modal, Notification, PasswordInput } from '@mantine/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { renderInApp } from '../test/render';

/** A dialog, a drawer, a toast and a password field, as any screen has them, with no names given. */
const Screen = () => (
  <>
    <Modal opened onClose={() => undefined} title="Importar productos">
      …
    </Modal>
    <Drawer opened onClose={() => undefined} title="Nueva salida">
      …
    </Drawer>
    <Notification onClose={() => undefined}>Producto guardado</Notification>
    <PasswordInput label="Contraseña" />
  </>
);

describe('the theme names Mantine’s own buttons in the language on screen', () => {
  afterEach(async () => {
    await setLanguage('es');
  });

  it('in Spanish, then in English after a change of language', async () => {
    await setLanguage('es');
    renderInApp(<Screen />);
    for (const name of ['Importar productos', 'Nueva salida']) {
      const dialog = await screen.findByRole('dialog', { name });
      expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    }
    const toast = screen.getByRole('alert');
    expect(within(toast).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Mostrar u ocultar la contraseña', hidden: true }),
    ).toBeInTheDocument();

    await act(() => setLanguage('en'));
    expect(await screen.findAllByRole('button', { name: 'Close' })).toHaveLength(3);
    expect(
      screen.getByRole('button', { name: 'Show or hide the password', hidden: true }),
    ).toBeInTheDocument();
  });
});
