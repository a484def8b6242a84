import type { Language, NewsInput, NewsItem, PaginationQuery, StaffNews } from '@despacho/domain';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { JobHandler, Jobs } from '../../platform/jobs';
import * as mailPreferences from './mail-preferences.repository';
import * as repository from './news.repository';
import { notificationMail } from './notification-mail';
import type { NotificationMailer, NotificationsService } from './notifications.service';

/** The job that mails a news item, when it starts, to the users who chose NEWS by mail. */
export const NEWS_MAIL_JOB = 'notifications.news_mail';
export const newsMailPayload = z.object({ id: z.uuid() });

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
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: Jobs;
      notifications: NotificationsService;
      mailer: NotificationMailer;
    },
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

  /** Publishes it, and schedules its mail for when it starts (in the same transaction). */
  async create(input: NewsInput, staffUserId: string): Promise<StaffNews> {
    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.insert(tx, input, staffUserId);
      await this.deps.jobs.enqueue(tx, NEWS_MAIL_JOB, { id: inserted.id }, inserted.startsAt);
      return inserted;
    });
    return staffView(row);
  }

  private insert(tx: DbOrTx, input: NewsInput, staffUserId: string) {
    return repository.insertNews(tx, {
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
  }

  /**
   * Mails a news item that shows now (staff may have ended it before it started) to every user
   * who chose NEWS by mail, in their organization's audience, in their language.
   */
  readonly mailJob: JobHandler<z.infer<typeof newsMailPayload>> = async (tx, { id }) => {
    const { mailer, notifications } = this.deps;
    const row = await repository.findNews(tx, id);
    if (!row || !repository.isCurrent(row, this.deps.clock.now())) return;
    const queue = mailer.outbox.queueIn(tx);
    const choosers = await mailPreferences.mailChoosers(tx, 'NEWS');
    for (const [organizationId, userIds] of choosers) {
      if (row.audience && !(await notifications.audiencesOf(organizationId)).has(row.audience)) {
        continue;
      }
      for (const user of await mailer.accounts.mailContacts(organizationId, userIds, tx)) {
        const es = user.language === 'es';
        const text = { title: es ? row.titleEs : row.titleEn, body: es ? row.bodyEs : row.bodyEn };
        const mail = notificationMail(text, '/app/dashboard', mailer.appUrl, user.language);
        await queue({ channel: 'email', recipient: user.email, ...mail });
      }
    }
  };

  async end(id: string): Promise<StaffNews> {
    const row = await repository.endNews(this.deps.db, id, this.deps.clock.now());
    if (!row) throw notFound();
    return staffView(row);
  }
}
