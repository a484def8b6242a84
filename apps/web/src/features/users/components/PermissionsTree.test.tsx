import { SYSTEM_ROLES, type PermissionKey } from '@despacho/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { PermissionsTree } from './PermissionsTree';

function Harness({
  grantable,
  initial = [],
}: {
  grantable: readonly string[];
  initial?: string[];
}) {
  const [value, setValue] = useState<readonly string[]>(initial);
  return (
    <>
      <PermissionsTree value={value} onChange={setValue} grantable={grantable} />
      <output>{value.join(',')}</output>
    </>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const chosen = () => screen.getByRole('status').textContent;
const EVERYTHING: PermissionKey[] = [...SYSTEM_ROLES.owner];

describe('PermissionsTree', () => {
  it('lists the menu modules with their submodules, named as the menu names them', () => {
    renderInApp(<Harness grantable={EVERYTHING} />);
    expect(screen.getByRole('group', { name: 'Permisos' })).toBeInTheDocument();
    for (const name of ['Dashboard', 'Envíos', 'Configuración', 'Ayuda', 'Finanzas']) {
      expect(box(name)).toBeInTheDocument();
    }
    for (const name of [
      'Cotización rápida',
      'Recolección',
      'Usuarios',
      'Mi empresa',
      'Movimientos del saldo',
    ]) {
      expect(box(name).checked).toBe(false);
    }
  });

  it('checks and clears a whole module, or one submodule, in menu order', () => {
    renderInApp(<Harness grantable={EVERYTHING} />);
    fireEvent.click(box('Envíos'));
    expect(chosen()).toBe('shipments.quick_quote,shipments.create_shipment,shipments.pickup');
    expect(box('Envíos').checked).toBe(true);

    fireEvent.click(box('Cotización rápida'));
    expect(chosen()).toBe('shipments.create_shipment,shipments.pickup');
    expect(box('Envíos').checked).toBe(false);
    expect(box('Envíos').closest('[data-indeterminate]')).toBeInTheDocument();

    // Anything outside Envíos brings the Dashboard, the home of all but shipping-only users.
    fireEvent.click(box('Usuarios'));
    expect(chosen()).toBe('dashboard,shipments.create_shipment,shipments.pickup,settings.users');
    expect(box('Dashboard').checked).toBe(true);
    expect(box('Dashboard').disabled).toBe(true);
    fireEvent.click(box('Envíos'));
    expect(chosen()).toBe(
      'dashboard,shipments.quick_quote,shipments.create_shipment,shipments.pickup,settings.users',
    );
    fireEvent.click(box('Envíos'));
    expect(chosen()).toBe('dashboard,settings.users');
    fireEvent.click(box('Usuarios'));
    expect(chosen()).toBe('dashboard');
    expect(box('Dashboard').disabled).toBe(false);
  });

  it('disables what the person choosing does not hold', () => {
    renderInApp(<Harness grantable={['shipments.pickup', 'help', 'dashboard']} />);
    expect(box('Recolección').disabled).toBe(false);
    expect(box('Ayuda').disabled).toBe(false);
    expect(box('Cotización rápida').disabled).toBe(true);
    expect(box('Finanzas').disabled).toBe(true);
    // The module box only takes the submodules one may grant.
    fireEvent.click(box('Envíos'));
    expect(chosen()).toBe('shipments.pickup');
  });
});
