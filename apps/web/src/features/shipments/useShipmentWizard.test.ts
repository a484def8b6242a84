import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAY_STEP, QUOTE_STEP } from './components/wizard/model';
import { makeShipment } from './create-test-data';
import { initialWizard, useShipmentWizard } from './useShipmentWizard';

const REQUEST = {
  origin_zip: '06700',
  destination_zip: '97000',
  parcels: [{ unit: 'cm_kg' as const, length: 30, width: 20, height: 15, weight: 2 }],
};

function wizardAt(step: number) {
  const hook = renderHook(() => useShipmentWizard());
  act(() => hook.result.current.go(step));
  return hook;
}

describe('useShipmentWizard', () => {
  it('goes on step by step and asks for a quote only when its request changed', () => {
    const { result } = wizardAt(QUOTE_STEP - 1);
    act(() => result.current.advance(QUOTE_STEP, REQUEST));
    expect(result.current.active).toBe(QUOTE_STEP);
    expect(result.current.quoteRequest).toEqual(REQUEST);

    act(() => result.current.requote('La cotización venció.'));
    act(() => result.current.go(QUOTE_STEP - 1));
    // The same request keeps the quote and what was said over it.
    act(() => result.current.advance(QUOTE_STEP, { ...REQUEST }));
    expect(result.current.notice).toBe('La cotización venció.');
    const changed = { ...REQUEST, destination_zip: '64000' };
    act(() => result.current.advance(QUOTE_STEP, changed));
    expect(result.current).toMatchObject({ quoteRequest: changed, notice: null });
  });

  it('keeps the step while it has errors, and moving clears them', () => {
    const { result } = wizardAt(2);
    act(() => result.current.stepInvalid());
    expect(result.current).toMatchObject({ active: 2, stepError: true });
    act(() => result.current.advance(3));
    expect(result.current).toMatchObject({ active: 3, stepError: false });

    act(() => result.current.go(QUOTE_STEP));
    act(() => result.current.rateMissing('Elige una tarifa.'));
    expect(result.current).toMatchObject({ active: QUOTE_STEP, chooseError: 'Elige una tarifa.' });
    act(() => result.current.chooseRate());
    expect(result.current).toMatchObject({ active: PAY_STEP, chooseError: null });
  });

  it('sends a payment without a rate back to the quote, and an invalid field to its step', () => {
    const { result } = wizardAt(PAY_STEP);
    act(() => result.current.rateMissing('Elige una tarifa.', true));
    expect(result.current).toMatchObject({ active: QUOTE_STEP, chooseError: 'Elige una tarifa.' });

    act(() => result.current.go(PAY_STEP));
    act(() => result.current.stepInvalid(1));
    expect(result.current).toMatchObject({ active: 1, stepError: true });

    act(() => result.current.go(PAY_STEP));
    act(() => result.current.fieldRejected(2));
    expect(result.current.active).toBe(2);
  });

  it('shows a refused payment until the next attempt, then the guide, then starts over', () => {
    const { result } = wizardAt(PAY_STEP);
    act(() => result.current.paymentFailed('Servicio no disponible.'));
    expect(result.current.failure).toBe('Servicio no disponible.');
    act(() => result.current.payStarted());
    expect(result.current.failure).toBeNull();

    const shipment = makeShipment();
    act(() => result.current.purchased(shipment));
    expect(result.current.result).toBe(shipment);
    act(() => result.current.startOver());
    expect(result.current).toMatchObject(initialWizard);
  });
});
