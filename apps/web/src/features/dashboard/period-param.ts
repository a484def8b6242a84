import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardPeriod,
} from '@despacho/domain';
import { useSearchParams } from 'react-router';

/**
 * The dashboard's period, kept in the address (`?period=`): reloads and shared links show the
 * same, and every part of the page reads the same one.
 */
export function useDashboardPeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('period');
  const period = DASHBOARD_PERIODS.find((known) => known === value) ?? DEFAULT_DASHBOARD_PERIOD;
  const setPeriod = (next: DashboardPeriod) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('period', next);
      return updated;
    });
  return [period, setPeriod];
}
