import { fireEvent, screen } from '@testing-library/react';
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
}
