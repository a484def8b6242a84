import {
  formatMoney,
  hasPermission,
  t1LineRefusalSchema,
  t1QuoteRequestSchema,
  type RateView,
  type T1LineRefusal,
  type T1QuoteView,
} from '@despacho/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  Stepper,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOriginLocations } from '../../../../lib/api/locations';
import { useSavedPackages } from '../../../../lib/api/packages';
import { useWalletBalance } from '../../../../lib/api/wallet';
import { ApiError } from '../../../../lib/http';
import { useAttemptKey } from '../../../../lib/idempotency';
import { messageOf } from '../../../../lib/server-errors';
import { useDomainForm } from '../../../../lib/useDomainForm';
import { useSession } from '../../../../lib/useSession';
import { formatCode } from '../../../../lib/tariff-code';
import { FormBody } from '../../../../ui/FormBody';
import { internationalApi, useBuyT1, useProductLoader } from '../../api';
import { t1DetailPath } from '../../paths';
import { CustomsStep } from './CustomsStep';
import { DirectionStep } from './DirectionStep';
import { LinesStep } from './LinesStep';
import {
  CUSTOMS_STEP,
  initialValues,
  newLine,
  PAY_STEP,
  QUOTE_STEP,
  STEP_FIELDS,
  STEPS,
  stepOfField,
  type T1Values,
} from './model';
import { PackagesStep } from './PackagesStep';
import { PayStep } from './PayStep';
import { QuoteStep } from './QuoteStep';
import { RouteStep } from './RouteStep';

/** Answers that the quote no longer fits the purchase: quote again. */
const REQUOTE_CODES = new Set(['QUOTE_EXPIRED', 'QUOTE_MISMATCH', 'T1_QUOTE_ALREADY_BOUGHT']);

/** The refused lines of a T1_LINES_REFUSED answer, as the contract describes them. */
function refusalsOf(error: ApiError): T1LineRefusal[] {
  const parsed = t1LineRefusalSchema.array().safeParse(error.details.lines);
  return parsed.success ? parsed.data : [];
}

/**
 * `crear-envio/T1`: the parcel wizard with what customs need on top. One form of
 * `t1QuoteRequestSchema` across direction, route, packages, invoice lines and customs data;
 * leaving the customs step asks for the quote (the server checks every line's code and
 * restrictions: a refused line is shown on the line, with its reason). Choosing a rate opens
 * the payment from the balance, one Idempotency-Key per attempt; once bought, the shipment's
 * page opens with its label and commercial invoice.
 */
export function T1Wizard() {
  const { t } = useTranslation('international');
  const navigate = useNavigate();
  const permissions = useSession()?.user.permissions ?? [];
  const can = (permission: Parameters<typeof hasPermission>[1]) =>
    hasPermission(permissions, permission);
  const [active, setActive] = useState(0);
  const [stepError, setStepError] = useState(false);
  const [quote, setQuote] = useState<T1QuoteView | null>(null);
  const [rateId, setRateId] = useState<string | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, T1LineRefusal>>({});
  const [refusedMessage, setRefusedMessage] = useState<string | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const paying = useRef(false);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`);

  const locations = useOriginLocations(true);
  const savedPackages = useSavedPackages(can('settings.packages'));
  const balance = useWalletBalance();
  const attemptKey = useAttemptKey();
  const buy = useBuyT1();
  const loadProduct = useProductLoader();

  const { form, formProps, mutation } = useDomainForm({
    schema: t1QuoteRequestSchema,
    defaultValues: initialValues(),
    // The input values travel: the server parses them with the same schema.
    submit: (): Promise<T1QuoteView> => internationalApi.quote(form.getValues()),
    onSuccess: (answer) => {
      setQuote(answer);
      setRefusals({});
      setRefusedMessage(null);
      setFailure(null);
      setRateId((current) =>
        current && answer.rates.some((rate) => rate.id === current) ? current : null,
      );
      attemptKey.renew();
      setActive(QUOTE_STEP);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return false;
      if (error.code === 'T1_LINES_REFUSED') {
        const lines = form.getValues('lines');
        const byProduct: Record<string, T1LineRefusal> = {};
        for (const refusal of refusalsOf(error)) {
          const productId = lines[refusal.index]?.product_id;
          if (productId) byProduct[productId] = refusal;
        }
        setRefusals(byProduct);
        setRefusedMessage(error.message);
        setActive(STEPS.indexOf('lines'));
        return true;
      }
      const [firstField] = Object.keys(error.fields);
      if (firstField) setActive(stepOfField(firstField));
      return false;
    },
  });

  const locationId = useWatch({ control: form.control, name: 'location_id' });
  // The default location is the Mexican side until the merchant picks another.
  useEffect(() => {
    const list = locations.data;
    if (!list?.length || form.getValues('location_id')) return;
    form.setValue('location_id', (list.find((location) => location.is_default) ?? list[0]!).id);
  }, [locations.data, form]);

  const rate = quote?.rates.find((candidate) => candidate.id === rateId);
  const available = balance.data?.available_centavos ?? null;
  const insufficient = rate !== undefined && available !== null && available < rate.total;
  const location = locations.data?.find((candidate) => candidate.id === locationId);

  const go = (step: number) => {
    setStepError(false);
    setChooseError(null);
    setActive(step);
  };

  const stepValid = (step: number) =>
    STEP_FIELDS[STEPS[step]!].length === 0 ||
    form.trigger(STEP_FIELDS[STEPS[step]!] as (keyof T1Values)[]);

  const goNext = async () => {
    if (active === QUOTE_STEP) {
      if (!rate) setChooseError(t('quote.chooseOne'));
      else go(PAY_STEP);
      return;
    }
    if (!(await stepValid(active))) return setStepError(true);
    if (active < CUSTOMS_STEP) return go(active + 1);
    // Every earlier step again (a removed location, a line changed since), then the quote.
    for (let step = 0; step < CUSTOMS_STEP; step += 1) {
      if (!(await stepValid(step))) {
        setActive(step);
        return setStepError(true);
      }
    }
    setStepError(false);
    await formProps.onSubmit();
  };

  const pay = () => {
    if (paying.current || buy.isPending || !quote || !rate || insufficient) return;
    paying.current = true;
    setFailure(null);
    const body = { quote_id: quote.id, rate_id: rate.id };
    buy.mutate(
      { body, key: attemptKey.keyFor(body) },
      {
        onSuccess: (shipment) => {
          notifications.show({ color: 'teal', message: t('pay.bought') });
          void navigate(t1DetailPath(shipment.id));
        },
        onError: (error) => {
          if (error instanceof ApiError && REQUOTE_CODES.has(error.code)) {
            // The quote no longer holds: ask again with the same declaration.
            setChooseError(error.message);
            setRateId(null);
            void formProps.onSubmit();
            return;
          }
          // The server keeps a failed guide's answer for its key: another try is another key.
          if (error instanceof ApiError && error.code !== 'PURCHASE_IN_PROGRESS') {
            attemptKey.renew();
          }
          const reason = error instanceof ApiError ? error.details.reason : undefined;
          setFailure(typeof reason === 'string' && reason ? reason : messageOf(error));
        },
        onSettled: () => {
          paying.current = false;
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (active === PAY_STEP) pay();
    else void goNext();
  };

  const pick = async (product: { id: string; name: string }) => {
    setNames((current) => ({ ...current, [product.id]: product.name }));
    const index = form.getValues('lines').length;
    form.setValue('lines', [...form.getValues('lines'), newLine(product.id)]);
    // The product's own trade fields fill the line; without access to them it stays blank.
    const detail = await loadProduct(product.id).catch(() => null);
    if (!detail || form.getValues(`lines.${index}.product_id`) !== product.id) return;
    if (detail.tariff_code) {
      form.setValue(`lines.${index}.tariff_code`, formatCode(detail.tariff_code));
    }
    const origin = detail.origin_country ?? detail.manufacture_country;
    if (origin) form.setValue(`lines.${index}.origin_country`, origin);
  };

  const stepKey = STEPS[active]!;
  const busy = mutation.isPending;
  return (
    <>
      <Stepper
        active={active}
        onStepClick={go}
        allowNextStepsSelect={false}
        size="sm"
        mb="lg"
        aria-label={t('wizard.stepsLabel')}
      >
        {STEPS.map((step, index) => (
          <Stepper.Step
            key={step}
            // Seven labels do not fit a phone: it shows the open step's only (all are read).
            label={
              phone && index !== active ? (
                <VisuallyHidden>{t(`wizard.steps.${step}`)}</VisuallyHidden>
              ) : (
                t(`wizard.steps.${step}`)
              )
            }
          />
        ))}
      </Stepper>
      <FormProvider {...form}>
        <FormBody
          error={formProps.error}
          busy={busy || buy.isPending}
          onSubmit={onSubmit}
          actions={
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                disabled={active === 0 || buy.isPending}
                onClick={() => go(active - 1)}
              >
                {t('wizard.back')}
              </Button>
              {active === PAY_STEP && rate ? (
                <Button
                  type="submit"
                  leftSection={<IconLock size={18} />}
                  loading={buy.isPending}
                  disabled={insufficient}
                >
                  {t('wizard.pay', { total: formatMoney(rate.total) })}
                </Button>
              ) : (
                <Button type="submit" rightSection={<IconArrowRight size={18} />} loading={busy}>
                  {active === CUSTOMS_STEP ? t('wizard.quote') : t('wizard.next')}
                </Button>
              )}
            </Group>
          }
        >
          {stepError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {t('wizard.stepError')}
            </Alert>
          )}
          {stepKey === 'lines' && refusedMessage && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {refusedMessage}
            </Alert>
          )}
          <Paper withBorder radius="lg" p="lg">
            {stepKey === 'direction' && <DirectionStep />}
            {stepKey === 'route' && (
              <RouteStep
                locations={locations.data}
                loading={locations.isPending}
                error={locations.error}
              />
            )}
            {stepKey === 'packages' && <PackagesStep savedPackages={savedPackages.data?.data} />}
            {stepKey === 'lines' && (
              <LinesStep
                names={names}
                refusals={refusals}
                onPick={(product) => void pick(product)}
                onRemove={(productId) => setRefusals(({ [productId]: _removed, ...rest }) => rest)}
              />
            )}
            {stepKey === 'customs' && <CustomsStep />}
            {stepKey === 'quote' && quote && (
              <QuoteStep
                quote={quote}
                selectedId={rateId}
                chooseError={chooseError}
                onChoose={(chosen: RateView) => {
                  setRateId(chosen.id);
                  go(PAY_STEP);
                }}
              />
            )}
            {stepKey === 'pay' && quote && rate && (
              <PayStep
                quote={quote}
                rate={rate}
                origin={location ? `${location.alias} (${location.zip})` : '—'}
                balance={{ loading: balance.isPending, available }}
                canDeposit={can('finances.deposits')}
                failure={failure}
              />
            )}
          </Paper>
        </FormBody>
      </FormProvider>
    </>
  );
}
