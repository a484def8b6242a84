import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './useListParams';

describe('useListParams', () => {
  it('keeps both of two changes made in the same tick and starts again at page 1', async () => {
    let list: ReturnType<typeof useListParams> | undefined;
    function Probe() {
      list = useListParams();
      return null;
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], {
      initialEntries: ['/?page=3&status=enabled'],
    });
    render(<RouterProvider router={router} />);
    expect(list!.page).toBe(3);

    await act(async () => {
      list!.setParam('status', 'disabled');
      list!.setParam('sort', 'name');
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ status: 'disabled', sort: 'name' });
    expect(list!.page).toBe(1);

    await act(async () => list!.setParam('page', '2'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('name');
    expect(list!.page).toBe(2);
  });
});
