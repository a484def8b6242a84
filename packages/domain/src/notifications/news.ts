import { z } from '../validation';
import { NOTICE_AUDIENCES } from './schemas';

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * News staff publish to merchants (spec §4, kind NEWS): written in both languages, shown from
 * `starts_at` until `ends_at` (open-ended without it) or until staff end it. `audience` null:
 * every merchant; otherwise the organizations of that notice audience (e.g. `online_store`).
 */
export const newsInputSchema = z
  .object({
    title_es: text(120),
    title_en: text(120),
    body_es: text(2000),
    body_en: text(2000),
    audience: z.enum(NOTICE_AUDIENCES).nullable(),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .refine((news) => !news.ends_at || Date.parse(news.ends_at) >= Date.parse(news.starts_at), {
    path: ['ends_at'],
    error: 'date_range',
  });
export type NewsInput = z.infer<typeof newsInputSchema>;

/** A news item as staff manage it. */
export const staffNewsSchema = z.object({
  id: z.uuid(),
  title_es: z.string(),
  title_en: z.string(),
  body_es: z.string(),
  body_en: z.string(),
  audience: z.enum(NOTICE_AUDIENCES).nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffNews = z.infer<typeof staffNewsSchema>;

/** A current news item as a merchant reads it, in the language of the request. */
export const newsItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  starts_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
