import { DASHBOARD_PERIODS, type DashboardPeriod } from '@despacho/domain';
import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';

/** The period the figures and charts cover, in Mexico City days. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation('dashboard');
  const labelId = useId();
  return (
    <Group gap="sm" wrap="wrap">
      <Text id={labelId} fw={500}>
        {t('period.label')}
      </Text>
      <SegmentedFilter
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as DashboardPeriod)}
        data={DASHBOARD_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
      />
    </Group>
  );
}
