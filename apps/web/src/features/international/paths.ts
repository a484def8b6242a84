/** The wizard's screen (`crear-envio/T1`); `?view=list` shows the shipments already bought. */
export const CREATE_T1_PATH = '/app/crear-envio/T1';
export const T1_LIST_PATH = `${CREATE_T1_PATH}?view=list`;
export const t1DetailPath = (id: string) => `/app/detalles-envio/T1/${id}`;

export const STAFF_DUTY_RATES_PATH = '/staff/international/rates';
export const STAFF_RESTRICTIONS_PATH = '/staff/international/restrictions';
