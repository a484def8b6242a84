import {
  FIRST_STEPS,
  mexicoCityDay,
  periodRanges,
  type DashboardCharts,
  type DashboardPeriod,
  type DashboardSummary,
  type DayRange,
  type FirstStep,
  type FirstSteps,
  type PeriodFigures,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { StepCheck } from './dashboard.first-steps';
import type { NotificationsService } from '../notifications';
import { chartsOf, type ChartsSources } from './dashboard.charts';
import type { FigureProvider } from './dashboard.figures';
import * as repository from './dashboard.repository';

/** The prepaid balance and purchases are kept in Mexican pesos. */
const CURRENCY = 'MXN';

export class DashboardService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      figures: Record<keyof PeriodFigures, FigureProvider>;
      charts: ChartsSources;
      notifications: Pick<NotificationsService, 'unreadCount'>;
      firstSteps: Record<FirstStep, StepCheck>;
    },
  ) {}

  /** The five figures of spec §1 for `period` and the period before it, gathered in parallel. */
  async summary(
    organizationId: string,
    userId: string,
    period: DashboardPeriod,
  ): Promise<DashboardSummary> {
    const ranges = this.rangesOf(period);
    const [current, previous, unread] = await Promise.all([
      this.figuresOf(organizationId, ranges.current, true),
      this.figuresOf(organizationId, ranges.previous, false),
      this.deps.notifications.unreadCount(organizationId, userId),
    ]);
    return { ...current, currency: CURRENCY, unread_notifications: unread, ranges, previous };
  }

  /** The charts of `period`: guides by carrier, spend by cause, orders by store, top states. */
  charts(organizationId: string, period: DashboardPeriod): Promise<DashboardCharts> {
    return chartsOf(this.deps.charts, organizationId, this.rangesOf(period));
  }

  private rangesOf(period: DashboardPeriod) {
    return periodRanges(period, mexicoCityDay(this.deps.clock.now()));
  }

  private async figuresOf(
    organizationId: string,
    days: DayRange,
    current: boolean,
  ): Promise<PeriodFigures> {
    const figures = await Promise.all(
      Object.entries(this.deps.figures).map(async ([figure, provide]) => [
        figure,
        await provide(organizationId, days, current),
      ]),
    );
    return Object.fromEntries(figures) as PeriodFigures;
  }

  /** A new organization's checklist: each step checked against its data, in the domain's order. */
  async firstSteps(organizationId: string): Promise<FirstSteps> {
    const [dismissed, ...done] = await Promise.all([
      repository.firstStepsDismissed(this.deps.db, organizationId),
      ...FIRST_STEPS.map((step) => this.deps.firstSteps[step](organizationId)),
    ]);
    return { steps: FIRST_STEPS.map((key, index) => ({ key, done: done[index]! })), dismissed };
  }

  async dismissFirstSteps(organizationId: string, userId: string): Promise<FirstSteps> {
    await repository.dismissFirstSteps(this.deps.db, organizationId, userId, this.deps.clock.now());
    return this.firstSteps(organizationId);
  }
}
