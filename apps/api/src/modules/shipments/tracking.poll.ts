import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { JobHandler } from '../../platform/jobs';
import { CarrierError, type CarrierAdapters } from '../carriers';
import * as repository from './tracking.repository';
import type { PolledGuide } from './tracking.repository';
import type { TrackingService } from './tracking.service';

/** Asks real carriers for the events of their open guides (decision 036). */
export const TRACKING_POLL_JOB = 'tracking.poll';
/** Every 30 minutes, at :07 and :37 (away from the hour, when other schedules run). */
export const TRACKING_POLL_CRON = '7,37 * * * *';
/** A guide bought longer ago than this is not asked about again (lost, or never scanned). */
export const TRACKING_POLL_MAX_AGE_DAYS = 60;
/** Guides read per query, and carrier calls under way at once. */
const BATCH = 100;
const AT_ONCE = 4;

export interface PollSummary {
  asked: number;
  /** Events new to a guide's timeline. */
  added: number;
  /** Guides whose carrier refused or failed (asked again next time). */
  failed: number;
}

/**
 * Tracking by polling, for carriers reached through their own APIs: each open guide (bought,
 * not delivered or cancelled, not older than TRACKING_POLL_MAX_AGE_DAYS) is asked about with
 * `adapter.track`, with no transaction or lock held, and what it answers goes through the same
 * ingestion as the carrier's signed push (`TrackingService.receivePolled`): an event already
 * known is ignored by its id. Sandbox carriers play their own timeline and are never asked.
 */
export class TrackingPoll {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      adapters: CarrierAdapters;
      tracking: Pick<TrackingService, 'receivePolled'>;
    },
  ) {}

  /** `tracking.poll` (cron, no transaction): one pass over every open guide. */
  readonly job: JobHandler = async () => {
    const summary = await this.pollAll();
    if (summary.asked > 0) this.deps.log.info(summary, 'tracking poll');
  };

  async pollAll(): Promise<PollSummary> {
    const summary: PollSummary = { asked: 0, added: 0, failed: 0 };
    const live = Object.values(this.deps.adapters)
      .filter((adapter) => !adapter.sandbox)
      .map((adapter) => adapter.key);
    if (live.length === 0) return summary;
    const since = new Date(
      this.deps.clock.now().getTime() - TRACKING_POLL_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    );
    let after: PolledGuide | null = null;
    for (;;) {
      const batch = await repository.openGuidesToPoll(this.deps.db, live, since, after, BATCH);
      for (let start = 0; start < batch.length; start += AT_ONCE) {
        const outcomes = await Promise.all(
          batch.slice(start, start + AT_ONCE).map((guide) => this.poll(guide)),
        );
        for (const added of outcomes) {
          summary.asked += 1;
          if (added === null) summary.failed += 1;
          else summary.added += added;
        }
      }
      if (batch.length < BATCH) return summary;
      after = batch.at(-1)!;
    }
  }

  /** One guide: the carrier's events, then recorded. Null when the carrier could not answer. */
  private async poll(guide: PolledGuide): Promise<number | null> {
    let events;
    try {
      events = await this.deps.adapters[guide.carrierKey].track({
        organizationId: guide.organizationId,
        trackingNumber: guide.trackingNumber,
      });
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      this.deps.log.warn(
        { shipmentId: guide.id, carrier: guide.carrierKey, code: error.code },
        'tracking poll: the carrier did not answer',
      );
      return null;
    }
    if (events.length === 0) return 0;
    const outcomes = await this.deps.tracking.receivePolled(guide.id, events);
    return outcomes.filter((outcome) => outcome !== 'duplicate').length;
  }
}
