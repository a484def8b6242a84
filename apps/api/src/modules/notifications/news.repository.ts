import type { NoticeAudience, PaginationQuery } from '@despacho/domain';
import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { news } from './notifications.tables';

export type NewsRow = typeof news.$inferSelect;
export type NewNews = Omit<typeof news.$inferInsert, 'id'>;

export async function insertNews(db: DbOrTx, values: NewNews): Promise<NewsRow> {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

export async function listNews(db: DbOrTx, { page, pageSize }: PaginationQuery) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(news)
      .orderBy(desc(news.startsAt), desc(news.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(news),
  ]);
  return { rows, total };
}

/** Whether it shows at `now`. */
export const isCurrent = (row: NewsRow, now: Date) =>
  row.startsAt <= now && (row.endsAt === null || row.endsAt > now);

/** Started, not ended, and for everyone or for one of `audiences`; the newest first. */
export function currentNews(
  db: DbOrTx,
  now: Date,
  audiences: NoticeAudience[],
  limit: number,
): Promise<NewsRow[]> {
  return db
    .select()
    .from(news)
    .where(
      and(
        lte(news.startsAt, now),
        or(isNull(news.endsAt), gt(news.endsAt, now)),
        audiences.length > 0
          ? or(isNull(news.audience), inArray(news.audience, audiences))
          : isNull(news.audience),
      ),
    )
    .orderBy(desc(news.startsAt), desc(news.id))
    .limit(limit);
}

/** Ends it at `now` (a news item not started yet never shows); unknown ids answer undefined. */
export async function endNews(db: DbOrTx, id: string, now: Date): Promise<NewsRow | undefined> {
  const found = await findNews(db, id);
  if (!found) return undefined;
  if (found.endsAt && found.endsAt <= now) return found;
  const startsAt = found.startsAt > now ? now : found.startsAt;
  const [row] = await db
    .update(news)
    .set({ startsAt, endsAt: now })
    .where(eq(news.id, id))
    .returning();
  return row;
}

export async function findNews(db: DbOrTx, id: string): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}
