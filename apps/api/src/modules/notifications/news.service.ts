import type { Language, NewsInput, NewsItem, PaginationQuery, StaffNews } from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import * as repository from './news.repository';
import type { NotificationsService } from './notifications.service';

/** How many current news the dashboard shows at most. */
const CURRENT_LIMIT = 5;

function staffView(row: repository.NewsRow): StaffNews {
  return {
    id: row.id,
    title_es: row.titleEs,
    title_en: row.titleEn,
    body_es: row.bodyEs,
    body_en: row.bodyEn,
    audience: row.audience,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * News (kind NEWS) staff publish to every merchant or to a notice audience; a merchant reads the
 * ones whose dates hold today, in their language. The audiences are the notices' (stores answer
 * `online_store`).
 */
export class NewsService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; notifications: NotificationsService },
  ) {}

  async current(organizationId: string, language: Language): Promise<NewsItem[]> {
    const audiences = await this.deps.notifications.audiencesOf(organizationId);
    const rows = await repository.currentNews(
      this.deps.db,
      this.deps.clock.now(),
      [...audiences],
      CURRENT_LIMIT,
    );
    return rows.map((row) => ({
      id: row.id,
      title: language === 'es' ? row.titleEs : row.titleEn,
      body: language === 'es' ? row.bodyEs : row.bodyEn,
      starts_at: row.startsAt.toISOString(),
    }));
  }

  async list(query: PaginationQuery) {
    const { rows, total } = await repository.listNews(this.deps.db, query);
    return { data: rows.map(staffView), meta: { ...query, total } };
  }

  async create(input: NewsInput, staffUserId: string): Promise<StaffNews> {
    const row = await repository.insertNews(this.deps.db, {
      titleEs: input.title_es,
      titleEn: input.title_en,
      bodyEs: input.body_es,
      bodyEn: input.body_en,
      audience: input.audience,
      startsAt: new Date(input.starts_at),
      endsAt: input.ends_at ? new Date(input.ends_at) : null,
      createdBy: staffUserId,
      createdAt: this.deps.clock.now(),
    });
    return staffView(row);
  }

  async end(id: string): Promise<StaffNews> {
    const row = await repository.endNews(this.deps.db, id, this.deps.clock.now());
    if (!row) throw notFound();
    return staffView(row);
  }
}
