import {
  FIRST_STEPS,
  type DashboardSummary,
  type FirstStep,
  type FirstSteps,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { StepCheck } from './dashboard.first-steps';
import type { Figure, FigureProvider } from './dashboard.figures';
import * as repository from './dashboard.repository';

/** The prepaid balance and purchases are kept in Mexican pesos. */
const CURRENCY = 'MXN';

export class DashboardService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      figures: Record<Figure, FigureProvider>;
      firstSteps: Record<FirstStep, StepCheck>;
    },
  ) {}

  /** The five figures of spec §1, gathered in parallel. */
  async summary(organizationId: string, userId: string): Promise<DashboardSummary> {
    const figures = await Promise.all(
      Object.entries(this.deps.figures).map(async ([figure, provide]) => [
        figure,
        await provide(organizationId, userId),
      ]),
    );
    return { ...(Object.fromEntries(figures) as Record<Figure, number>), currency: CURRENCY };
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
