import { Alert, Button, Group, Paper, Stepper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormProvider, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDomainForm } from '../../../lib/useDomainForm';
import { PageHeader } from '../../../ui/PageHeader';
import { OrderCustomerStep } from '../components/OrderCustomerStep';
import { OrderLinesStep } from '../components/OrderLinesStep';
import { OrderPaymentStep } from '../components/OrderPaymentStep';
import { OrderReview } from '../components/OrderReview';
import { ORDERS_PATH } from '../components/OrderState';
import { ordersKeys } from '../api';
import { orderApi } from '../order-api';
import { createBody, emptyOrderDraft, orderDraftSchema, type OrderDraft } from '../order-draft';

const STEPS = ['customer', 'lines', 'payment', 'review'] as const;
const STEP_FIELDS: Record<(typeof STEPS)[number], FieldPath<OrderDraft>[]> = {
  customer: ['shipping_address'],
  lines: ['location_id', 'lines'],
  payment: ['shipping_price', 'payment_state', 'tags', 'note'],
  review: [],
};

/**
 * `orders/create`: a manual order in steps (customer, products from the catalogue at a stock
 * location, shipping and payment, review); created once with an Idempotency-Key per submission.
 */
export function OrderCreatePage() {
  const { t } = useTranslation('orders');
  const { t: nav } = useTranslation('navigation');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  // Kept while the same submission is retried (a lost answer creates nothing twice).
  const key = useRef(newIdempotencyKey());
  const { form, formProps } = useDomainForm({
    schema: orderDraftSchema,
    defaultValues: emptyOrderDraft(),
    submit: (values) => orderApi.create(createBody(values), key.current),
    onSuccess: async (order) => {
      key.current = newIdempotencyKey();
      notifications.show({ color: 'teal', message: t('create.done', { number: order.number }) });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      await navigate(`${ORDERS_PATH}/${order.id}`);
    },
  });

  /** Units over what the location has are the field's error, never a changed quantity. */
  const stockFits = () => {
    let fits = true;
    form.getValues('lines').forEach((line, index) => {
      if (line.available !== undefined && line.quantity > line.available) {
        form.setError(`lines.${index}.quantity`, {
          message: t('create.lines.overStock', { count: line.available }),
        });
        fits = false;
      }
    });
    return fits;
  };
  const next = async () => {
    const step = STEPS[active]!;
    const valid = await form.trigger(STEP_FIELDS[step]);
    if (valid && (step !== 'lines' || stockFits())) setActive(active + 1);
  };
  const last = active === STEPS.length - 1;

  return (
    <>
      <PageHeader
        title={nav('screens.ordersCreate.title')}
        breadcrumbs={[
          { label: nav('modules.ecommerce') },
          { label: nav('screens.orders.title'), to: ORDERS_PATH },
          { label: nav('screens.ordersCreate.title') },
        ]}
      />
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => {
            if (!last || !stockFits()) {
              event.preventDefault();
              return;
            }
            void formProps.onSubmit(event);
          }}
        >
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Stepper
              active={active}
              onStepClick={(step) => step < active && setActive(step)}
              size="sm"
            >
              {STEPS.map((step) => (
                <Stepper.Step key={step} label={t(`create.steps.${step}`)}>
                  {step === 'customer' && <OrderCustomerStep />}
                  {step === 'lines' && <OrderLinesStep />}
                  {step === 'payment' && <OrderPaymentStep />}
                  {step === 'review' && <OrderReview />}
                </Stepper.Step>
              ))}
            </Stepper>
            {formProps.error && (
              <Alert color="red" mt="md" role="alert">
                {formProps.error}
              </Alert>
            )}
            <Group justify="space-between" mt="lg">
              <Button
                variant="default"
                disabled={active === 0}
                onClick={() => setActive(active - 1)}
              >
                {t('create.back')}
              </Button>
              {/* Distinct keys: reusing the «Siguiente» element as the submit button would let
                  the click that reaches the review also submit the order. */}
              {last ? (
                <Button key="submit" type="submit" loading={formProps.busy}>
                  {t('create.submit')}
                </Button>
              ) : (
                <Button key="next" onClick={() => void next()}>
                  {t('create.next')}
                </Button>
              )}
            </Group>
          </Paper>
        </form>
      </FormProvider>
    </>
  );
}
