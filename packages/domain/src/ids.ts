import { z } from './validation';

/** Path parameters of calls on one record: `…/{id}`. */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
