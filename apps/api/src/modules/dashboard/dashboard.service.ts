import type { DashboardSummary } from '@despacho/domain';
import type { Figure, FigureProvider } from './dashboard.figures';

/** The prepaid balance and purchases are kept in Mexican pesos. */
const CURRENCY = 'MXN';

export class DashboardService {
  constructor(private readonly figures: Record<Figure, FigureProvider>) {}

  /** The five figures of spec §1, gathered in parallel. */
  async summary(organizationId: string, userId: string): Promise<DashboardSummary> {
    const figures = await Promise.all(
      Object.entries(this.figures).map(async ([figure, provide]) => [
        figure,
        await provide(organizationId, userId),
      ]),
    );
    return { ...(Object.fromEntries(figures) as Record<Figure, number>), currency: CURRENCY };
  }
}
