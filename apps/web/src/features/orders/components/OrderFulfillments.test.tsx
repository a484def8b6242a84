import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render';
import { FULFILMENT } from '../order-test-data';
import { OrderFulfillments } from './OrderFulfillments';

const show = (push: Partial<typeof FULFILMENT.push>) =>
  renderInApp(
    <OrderFulfillments
      fulfillments={[{ ...FULFILMENT, push: { ...FULFILMENT.push, ...push } }]}
      onRetry={() => {}}
      retrying={null}
    />,
  );

describe('OrderFulfillments', () => {
  it('shows when a pending push to the store is tried next', () => {
    show({ state: 'pending', next_attempt_at: '2026-11-20T18:05:00.000Z' });
    expect(screen.getByText(/^Próximo intento: .*12:05/)).toBeTruthy();
  });

  it('shows no next attempt once the push failed for good', () => {
    show({ state: 'failed', next_attempt_at: null });
    expect(screen.queryByText(/Próximo intento/)).toBeNull();
  });
});
