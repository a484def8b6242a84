import { z } from '../validation';
import { catalogueSearchAnswer } from './schemas';

/** The most matches `GET /sat-units?search=` answers. */
export const SAT_UNIT_SEARCH_LIMIT = 20;

/** A key (or its start) searches keys; anything else searches the words of the name. */
export const satUnitsQuerySchema = z.object({
  search: z.string().trim().min(1, { error: 'required' }).max(100),
});
export type SatUnitsQuery = z.infer<typeof satUnitsQuerySchema>;

/** One key of SAT's unit catalogue c_ClaveUnidad ("H87", "Pieza"). */
export const satUnitSchema = z.object({
  code: z.string(),
  name: z.string(),
});
export type SatUnit = z.infer<typeof satUnitSchema>;

/**
 * `GET /sat-units`: the matches and whether they come from the imported catalogue. Before it is
 * imported (`catalogue_loaded: false`) the matches come from the common units built in
 * (`SAT_COMMON_UNITS`), and any well-formed key is accepted.
 */
export const satUnitsAnswerSchema = catalogueSearchAnswer(satUnitSchema);
export type SatUnitsAnswer = z.infer<typeof satUnitsAnswerSchema>;
