import type { EmbarqueStep, MoneyState, Semaforo } from '@despacho/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STEP_COLORS: Record<EmbarqueStep, string> = {
  origin: 'gray',
  in_transit: 'blue',
  customs: 'indigo',
  previous: 'violet',
  dispatch: 'cyan',
  delivered: 'teal',
  closed: 'green',
  cancelled: 'dark',
};

const MONEY_COLORS: Record<MoneyState, string> = {
  not_requested: 'gray',
  payment_requested: 'orange',
  customer_paid: 'blue',
  pending_payment: 'red',
  billing: 'yellow',
  invoiced: 'green',
};

/** Where the goods are (the physical axis), in the screen's language. */
export function StepBadge({ step }: { step: EmbarqueStep }) {
  const { t } = useTranslation('embarques');
  return (
    <Badge color={STEP_COLORS[step]} variant="light">
      {t(`steps.${step}`)}
    </Badge>
  );
}

/** Where the money is (the other axis): requested, paid, to invoice… */
export function MoneyStateBadge({ state }: { state: MoneyState }) {
  const { t } = useTranslation('embarques');
  return (
    <Badge color={MONEY_COLORS[state]} variant="dot">
      {t(`moneyStates.${state}`)}
    </Badge>
  );
}

/** The semáforo fiscal's result: green released, red inspected. */
export function SemaforoBadge({ result }: { result: Semaforo | null }) {
  const { t } = useTranslation('embarques');
  if (!result) return <>{t('semaforo.none')}</>;
  return (
    <Badge
      color={result === 'green' ? 'green' : 'red'}
      variant="filled"
      title={t(`semaforo.${result}`)}
    >
      {t(`semaforo.short.${result}`)}
    </Badge>
  );
}
