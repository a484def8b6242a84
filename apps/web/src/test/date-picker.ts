import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import dayjs from 'dayjs';

/**
 * Picks `day` (`YYYY-MM-DD`) in the Spanish date picker labelled `label`. The calendar opens on
 * the month of the other end of the range, or of today: a test sets its clock to that month.
 */
export async function pickDay(label: string, day: string) {
  fireEvent.click(screen.getByLabelText(label));
  fireEvent.click(
    await screen.findByRole('button', { name: dayjs(day).locale('es').format('D MMMM YYYY') }),
  );
  // The calendar closes once a day is picked; the next picker opens on its own.
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
