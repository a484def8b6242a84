/** Where the embarques screens live (spec §2), for links between them. */
export const EMBARQUES_PATH = '/app/my-shipments';
export const embarquePath = (id: string) => `${EMBARQUES_PATH}/${id}`;
export const STAFF_EMBARQUES_PATH = '/staff/embarques';
export const staffEmbarquePath = (id: string) => `${STAFF_EMBARQUES_PATH}/${id}`;
/** Deposits, back to the embarque once the balance is topped up. */
export const DEPOSITS_PATH = '/app/finance/deposits';
/** Where a merchant asks for an embarque: a support ticket (category classification and embarques). */
export const TICKETS_PATH = '/app/support/tickets';
