import { useListParams } from './useListParams';

/**
 * A staff queue's status filter and page, kept in the URL by `useListParams`. Both are always
 * written (`?status=&page=`), so a link staff share names the queue it shows.
 */
export function useQueueParams<S extends string>(statuses: readonly S[], fallback: S) {
  const list = useListParams();
  const status = list.choice('status', statuses, fallback);
  const show = (next: { status?: S; page?: number }) => {
    list.setParam('status', next.status ?? status);
    list.setParam('page', String(next.page ?? 1));
  };
  return { statuses, status, page: list.page, show };
}

/** How often a staff queue (deposits, transfers, jobs, chats…) looks for new work. */
export const QUEUE_POLL_MS = 10_000;
