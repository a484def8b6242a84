import {
  formatMoney,
  guideCharges,
  INSURANCE_RULES,
  quoteRequestSchema,
  shipmentCreateSchema,
  type QuoteRequestInput,
  type RateView,
  type ShipmentCreateData,
  type ShipmentCreateInput,
} from '@despacho/domain';
import { Alert, Button, Group, Paper, Stepper, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconHistory,
  IconLock,
} from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http';
import { lookupPostalCode, postalCodeKey } from '../../../lib/postal-codes';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { LocationDrawer } from '../../../ui/LocationDrawer';
import { PageHeader } from '../../../ui/PageHeader';
import { customersApi, customersKeys, storeCustomer } from '../../../lib/api/customers';
import { fullName } from '../../../lib/contact-format';
import { useWalletBalance, walletKeys } from '../../../lib/api/wallet';
import { shipmentsKeys } from '../api';
import { customerOfDestination } from '../destination-customer';
import { CREATE_SHIPMENT_PATH } from '../paths';
import { purchaseShipment, useCustomerDetail, useInvoiceTaxInfo } from '../purchase-api';
import { useAttemptKey } from '../../../lib/idempotency';
import { useOriginLocations } from '../../../lib/api/locations';
import { useSavedPackages } from '../../../lib/api/packages';
import {
  parcelOf,
  parsePrefill,
  quotesKeys,
  READS_FOR_SHIPPING,
  useCan,
  useQuoteFor,
} from '../quotes-api';
import { DestinationStep } from '../components/wizard/DestinationStep';
import { INVOICE_UPLOAD_KEY, InsuranceStep } from '../components/wizard/InsuranceStep';
import {
  centavosOf,
  initialValues,
  PAY_STEP,
  QUOTE_STEP,
  STEP_FIELDS,
  STEPS,
  stepOfField,
  type WizardValues,
} from '../components/wizard/model';
import { OriginStep } from '../components/wizard/OriginStep';
import { PackagesStep } from '../components/wizard/PackagesStep';
import { PayStep } from '../components/wizard/PayStep';
import { QuoteStep } from '../components/wizard/QuoteStep';
import { ShipmentResult } from '../components/wizard/ShipmentResult';
import { shipmentDraft } from '../shipment-draft';
import { useDraftKeeping } from '../useDraftKeeping';
import { useShipmentWizard } from '../useShipmentWizard';

/** Answers that the stored quote no longer fits the purchase: quote again. */
const REQUOTE_CODES = new Set(['QUOTE_EXPIRED', 'QUOTE_MISMATCH', 'QUOTE_ALREADY_USED']);

/** The body `POST shipments` receives: the form's input values, blanks left out. */
function bodyOf(values: WizardValues): ShipmentCreateInput {
  const destination = values.destination;
  return {
    location_id: values.location_id,
    destination:
      destination.kind === 'customer'
        ? {
            kind: 'customer',
            customer_id: destination.customer_id,
            address_id: destination.address_id,
          }
        : { ...destination },
    packages: values.packages.map((pkg) => ({
      package_id: pkg.package_id ?? null,
      unit: pkg.unit,
      length: pkg.length,
      width: pkg.width,
      height: pkg.height,
      weight: pkg.weight,
      name: pkg.name?.trim() || undefined,
      products: pkg.products.map((product) => ({ ...product })),
    })),
    insurance: values.insurance
      ? {
          declared_value: values.insurance.declared_value,
          invoice_file_id: values.insurance.invoice_file_id ?? null,
          invoice_uuid: values.insurance.invoice_uuid?.trim() || null,
        }
      : null,
    quote_id: values.quote_id,
    rate_id: values.rate_id,
    reference: values.reference?.trim() || undefined,
    pickup_time_range: values.pickup_time_range ?? null,
  };
}

/**
 * `shipment`: create shipment, the home of shipping-only users. A stepper over one form of the
 * API's `shipmentCreateSchema`: origin, destination, packages with their products, optional
 * insurance, the quote (asked again whenever the earlier steps change) and payment from the
 * balance. Each step is checked with the domain schema before the next opens; paying sends one
 * Idempotency-Key per attempt, so retries and double clicks never charge twice. The quick quote
 * may hand over zips, a parcel and a rate in the URL.
 *
 * Nothing typed is lost: the work so far is kept as a draft in the tab (shipment-draft.ts) and
 * reopens at its step, e.g. back from topping up the balance; a first origin location is
 * created here in a drawer; a typed destination may be saved as a customer once the guide is
 * bought, and a failure to save it never touches the purchase.
 */
export function ShipmentCreatePage() {
  const { t } = useTranslation('shipment-create');
  const { t: nav } = useTranslation('navigation');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The quick quote's hand-over is read once: the form owns the values afterwards.
  const [prefill] = useState(() => parsePrefill(params));
  // A hand-over is a new shipment; otherwise the draft this tab kept, if any, comes back.
  const [draft] = useState(() =>
    Object.values(prefill).some((value) => value !== undefined) ? null : shipmentDraft.load(),
  );
  const pendingRate = useRef(prefill.rate_id ?? null);
  const can = useCan();
  const canCustomers = can(...READS_FOR_SHIPPING.customers);
  const canLocations = can(...READS_FOR_SHIPPING.locations);
  const canTaxInfo = can('settings.my_company');
  const canAddLocations = can('settings.address_book');
  const canSaveCustomers = can('ecommerce.clients');
  const [saveCustomer, setSaveCustomer] = useState(draft?.saveCustomer ?? false);
  const [customerNote, setCustomerNote] = useState<{ saved: boolean; text: string } | null>(null);
  const [addingLocation, setAddingLocation] = useState(false);
  const [resumedNotice, setResumedNotice] = useState(draft !== null);

  const locations = useOriginLocations(canLocations);
  const savedPackages = useSavedPackages(can(...READS_FOR_SHIPPING.packages));
  const balance = useWalletBalance();
  const taxInfo = useInvoiceTaxInfo(canTaxInfo);
  const attemptKey = useAttemptKey();
  const uploading = useIsMutating({ mutationKey: INVOICE_UPLOAD_KEY }) > 0;

  const wizard = useShipmentWizard();
  const { active, quoteRequest, notice, chooseError, stepError, failure, result } = wizard;
  const paying = useRef(false);
  const quote = useQuoteFor(quoteRequest);

  const { form, formProps, mutation } = useDomainForm({
    schema: shipmentCreateSchema,
    defaultValues:
      draft?.values ??
      initialValues({
        destinationZip: prefill.destination_zip,
        parcel: prefill.parcel,
        customers: canCustomers,
      }),
    submit: () => {
      const body = bodyOf(form.getValues());
      return purchaseShipment(body, attemptKey.keyFor(body));
    },
    onSuccess: (shipment, values) => {
      attemptKey.renew();
      shipmentDraft.clear();
      wizard.purchased(shipment);
      if (saveCustomer && canSaveCustomers) void keepAsCustomer(values.destination);
      queryClient.removeQueries({ queryKey: quotesKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: shipmentsKeys.all });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      if (!(error instanceof ApiError)) return false;
      if (REQUOTE_CODES.has(error.code)) {
        // The stored quote no longer fits: quote again and let the merchant choose anew.
        attemptKey.renew();
        form.setValue('rate_id', '');
        form.setValue('quote_id', '');
        wizard.requote(t('quote.requote'));
        void queryClient.resetQueries({ queryKey: quotesKeys.all });
        return true;
      }
      if (error.code === 'GUIDE_PAYMENT_FAILED') {
        // The server keeps this answer for the key: another try is another attempt.
        attemptKey.renew();
        const reason = error.details.reason;
        wizard.paymentFailed(typeof reason === 'string' && reason ? reason : error.message);
        return true;
      }
      if (error.code === 'IDEMPOTENCY_KEY_REUSED') attemptKey.renew();
      const [firstField] = Object.keys(error.fields);
      if (firstField) wizard.fieldRejected(stepOfField(firstField));
      return false;
    },
  });

  const [locationId, destination, rateId, quoteId, insurance] = useWatch({
    control: form.control,
    name: ['location_id', 'destination', 'rate_id', 'quote_id', 'insurance'],
  });
  const location = locations.data?.find((candidate) => candidate.id === locationId);
  const customerId = destination?.kind === 'customer' ? destination.customer_id : '';
  const customer = useCustomerDetail(customerId || null);
  const customerAddress =
    destination?.kind === 'customer'
      ? customer.data?.addresses.find((address) => address.id === destination.address_id)
      : undefined;

  // The origin starts at the location of the quick quote's zip, else the default one.
  useEffect(() => {
    const list = locations.data;
    if (!list?.length || form.getValues('location_id')) return;
    const chosen =
      list.find((candidate) => candidate.zip === prefill.origin_zip) ??
      list.find((candidate) => candidate.is_default) ??
      list[0]!;
    form.setValue('location_id', chosen.id);
  }, [locations.data, form, prefill.origin_zip]);

  // A destination zip handed over fills state, municipality and city as typing it would.
  useEffect(() => {
    const zip = prefill.destination_zip;
    if (!zip) return;
    void queryClient
      .fetchQuery({
        queryKey: postalCodeKey(zip),
        queryFn: () => lookupPostalCode(zip),
        retry: false,
        staleTime: Infinity,
      })
      .then((found) => {
        const current = form.getValues('destination');
        if (current.kind !== 'new' || current.zip !== zip || current.state) return;
        form.setValue('destination.state', found.state);
        form.setValue('destination.municipality', found.municipality);
        form.setValue('destination.city', found.city || found.municipality);
        if (found.neighborhoods.length === 1) {
          form.setValue('destination.neighborhood', found.neighborhoods[0]!.name);
        }
      })
      .catch(() => undefined);
  }, [prefill.destination_zip, queryClient, form]);

  // A new quote: it becomes the form's; a chosen rate stays only if the new quote has it.
  useEffect(() => {
    const data = quote.data;
    if (!data) return;
    if (form.getValues('quote_id') !== data.id) form.setValue('quote_id', data.id);
    const has = (id: string | null | undefined) => !!id && data.rates.some((r) => r.id === id);
    if (!has(form.getValues('rate_id'))) {
      form.setValue('rate_id', has(pendingRate.current) ? pendingRate.current! : '');
    }
    pendingRate.current = null;
  }, [quote.data, form]);

  const quoteMatches = !!quote.data && quote.data.id === quoteId;
  const rate = quoteMatches ? quote.data?.rates.find((r) => r.id === rateId) : undefined;
  const declared = insurance ? centavosOf(insurance.declared_value) : null;
  const insurable =
    declared !== null && declared <= INSURANCE_RULES.maxDeclaredValueCentavos ? declared : null;
  const charges = rate ? guideCharges(rate, insurable) : null;
  const available = balance.data?.available_centavos ?? null;
  const insufficient = charges !== null && available !== null && available < charges.total;

  const originZip = location?.zip;
  const destinationZip =
    destination?.kind === 'new' ? destination.zip?.trim() : customerAddress?.zip;
  const route = {
    origin: location ? `${location.alias} (${location.zip})` : '—',
    destination:
      destination?.kind === 'new'
        ? `${destination.contact_name?.trim() || '—'} (${destination.zip})`
        : customer.data && customerAddress
          ? `${fullName(customer.data)} (${customerAddress.zip})`
          : '—',
  };

  /**
   * Saves a typed destination as a customer after the purchase; whatever happens, the guide is
   * bought already, so a failure is only told, with the reason.
   */
  const keepAsCustomer = async (typed: ShipmentCreateData['destination']) => {
    if (typed.kind !== 'new') return;
    const name = typed.contact_name;
    try {
      const saved = await customersApi.create(
        customerOfDestination(typed, t('destination.customerAlias')),
      );
      await storeCustomer(queryClient, saved);
      setCustomerNote({ saved: true, text: t('destination.customerSaved', { name }) });
    } catch (error) {
      const reason = messageOf(error);
      setCustomerNote({ saved: false, text: t('destination.customerNotSaved', { name, reason }) });
    }
  };

  /** The quote request of the current values; for a saved customer its address is loaded. */
  const requestFromForm = async (): Promise<QuoteRequestInput | null> => {
    const values = form.getValues();
    let zip = values.destination.kind === 'new' ? values.destination.zip?.trim() : undefined;
    if (values.destination.kind === 'customer') {
      const { customer_id: id, address_id: addressId } = values.destination;
      const found = await queryClient
        .ensureQueryData({
          queryKey: customersKeys.detail(id),
          queryFn: () => customersApi.get(id),
        })
        .catch(() => null);
      zip = found?.addresses.find((address) => address.id === addressId)?.zip;
    }
    const request = {
      origin_zip:
        locations.data?.find((candidate) => candidate.id === values.location_id)?.zip ?? '',
      destination_zip: zip ?? '',
      parcels: values.packages.map(parcelOf),
    };
    return quoteRequestSchema.safeParse(request).success ? request : null;
  };

  const stepValid = (step: number) =>
    form.trigger(STEP_FIELDS[STEPS[step]!] as (keyof WizardValues)[]);

  const goNext = async () => {
    const step = STEPS[active]!;
    if (step === 'quote') {
      if (!rate) return wizard.rateMissing(t('quote.chooseOne'));
    } else if (!(await stepValid(active))) {
      return wizard.stepInvalid();
    }
    // An invoice still uploading keeps the insurance step open.
    if (uploading) return wizard.go(active);
    const next = active + 1;
    if (next !== QUOTE_STEP) return wizard.advance(next);
    const request = await requestFromForm();
    if (!request) return wizard.stepInvalid();
    wizard.advance(next, request);
  };

  /**
   * Reopens a draft at its step once the locations are known: each step before it is checked
   * again (a customer or location may have gone meanwhile), and from the quote on, quoted again.
   */
  const resume = async (step: number) => {
    // Topping up is the usual reason to have left: read the balance again.
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    for (let earlier = 0; earlier < Math.min(step, QUOTE_STEP); earlier += 1) {
      if (!(await stepValid(earlier))) return wizard.stepInvalid(earlier);
    }
    if (step < QUOTE_STEP) return wizard.go(step);
    const request = await requestFromForm();
    if (!request) return wizard.stepInvalid(0);
    wizard.advance(step, request);
  };
  const keptDraft = useDraftKeeping({
    draft,
    form,
    active,
    saveCustomer,
    done: result !== null,
    ready: !canLocations || locations.isSuccess || locations.isError,
    resume,
  });

  const pay = async () => {
    if (paying.current || mutation.isPending) return;
    paying.current = true;
    try {
      wizard.payStarted();
      if (!(await form.trigger())) {
        const invalid = STEPS.findIndex((step) =>
          STEP_FIELDS[step].some((field) => form.getFieldState(field).invalid),
        );
        wizard.stepInvalid(invalid >= 0 && invalid !== PAY_STEP ? invalid : undefined);
        return;
      }
      if (!rate) {
        wizard.rateMissing(t('quote.chooseOne'), true);
        return;
      }
      if (insufficient) return;
      await formProps.onSubmit();
    } finally {
      paying.current = false;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void (active === PAY_STEP ? pay() : goNext());
  };

  const startOver = () => {
    keptDraft.discard();
    setSaveCustomer(false);
    setCustomerNote(null);
    setResumedNotice(false);
    attemptKey.renew();
    mutation.reset();
    form.reset(initialValues({ customers: canCustomers }));
    const fallback =
      locations.data?.find((candidate) => candidate.is_default) ?? locations.data?.[0];
    if (fallback) form.setValue('location_id', fallback.id);
    wizard.startOver();
    void navigate(CREATE_SHIPMENT_PATH, { replace: true });
  };

  const packagesSummary = useMemo(() => {
    if (active !== PAY_STEP) return '';
    return form
      .getValues('packages')
      .map((pkg) => {
        const [length, weight] = pkg.unit === 'in_lb' ? ['in', 'lb'] : ['cm', 'kg'];
        return `${pkg.length} × ${pkg.width} × ${pkg.height} ${length}, ${pkg.weight} ${weight}`;
      })
      .join('; ');
  }, [active, form]);

  const header = (
    <PageHeader
      title={nav('screens.shipment.title')}
      breadcrumbs={[{ label: nav('modules.shipments') }, { label: nav('screens.shipment.title') }]}
      subtitle={result ? undefined : t('wizard.subtitle')}
    />
  );

  if (result) {
    return (
      <>
        {header}
        {customerNote && (
          <Alert
            color={customerNote.saved ? 'teal' : 'orange'}
            variant="light"
            icon={customerNote.saved ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
            role={customerNote.saved ? 'status' : 'alert'}
            mb="md"
          >
            {customerNote.text}
          </Alert>
        )}
        <ShipmentResult
          shipment={result}
          canRequestPickup={can('shipments.pickup')}
          onAnother={startOver}
        />
      </>
    );
  }

  const stepKey = STEPS[active]!;
  return (
    <>
      {header}
      {resumedNotice && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconHistory size={18} />}
          role="status"
          mb="md"
          withCloseButton
          closeButtonLabel={t('draft.dismiss')}
          onClose={() => setResumedNotice(false)}
        >
          <Text fz="sm">{t('draft.resumed')}</Text>
          <Button mt="xs" size="xs" variant="default" onClick={startOver}>
            {t('draft.discard')}
          </Button>
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={wizard.go}
        allowNextStepsSelect={false}
        size="sm"
        mb="lg"
        aria-label={t('wizard.stepsLabel')}
      >
        {STEPS.map((step) => (
          <Stepper.Step key={step} label={t(`wizard.steps.${step}`)} />
        ))}
      </Stepper>
      <FormProvider {...form}>
        <FormBody
          error={formProps.error}
          busy={formProps.busy}
          onSubmit={onSubmit}
          actions={
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                disabled={active === 0 || mutation.isPending}
                onClick={() => wizard.go(active - 1)}
              >
                {t('wizard.back')}
              </Button>
              {active === PAY_STEP ? (
                <Button
                  type="submit"
                  leftSection={<IconLock size={18} />}
                  loading={mutation.isPending}
                  disabled={!charges || insufficient}
                >
                  {charges
                    ? t('wizard.pay', { total: formatMoney(charges.total) })
                    : t('wizard.next')}
                </Button>
              ) : (
                <Button
                  type="submit"
                  rightSection={<IconArrowRight size={18} />}
                  disabled={uploading || (stepKey === 'quote' && quote.isFetching)}
                >
                  {t('wizard.next')}
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
          <Paper withBorder radius="lg" p="lg">
            {stepKey === 'origin' && (
              <OriginStep
                canRead={canLocations}
                locations={locations.data}
                loading={locations.isPending && canLocations}
                error={locations.error}
                onAdd={canAddLocations ? () => setAddingLocation(true) : undefined}
              />
            )}
            {stepKey === 'destination' && (
              <DestinationStep
                canPickCustomers={canCustomers}
                saveAsCustomer={
                  canSaveCustomers
                    ? { checked: saveCustomer, onChange: setSaveCustomer }
                    : undefined
                }
              />
            )}
            {stepKey === 'packages' && (
              <PackagesStep
                savedPackages={
                  can(...READS_FOR_SHIPPING.packages) ? (savedPackages.data?.data ?? []) : undefined
                }
              />
            )}
            {stepKey === 'insurance' && <InsuranceStep />}
            {stepKey === 'quote' && (
              <QuoteStep
                route={
                  originZip && destinationZip
                    ? {
                        origin: originZip,
                        destination: destinationZip,
                        packages: form.getValues('packages').length,
                      }
                    : null
                }
                quote={quote.data}
                loading={quote.isFetching}
                error={quoteRequest === null ? null : quote.error}
                onRetry={() => void quote.refetch()}
                selectedId={rate?.id ?? null}
                onChoose={(chosen: RateView) => {
                  wizard.chooseRate();
                  form.setValue('rate_id', chosen.id);
                }}
                notice={notice}
                chooseError={chooseError}
                canOpenSettings={can('settings.carriers')}
              />
            )}
            {stepKey === 'pay' && (
              <PayStep
                route={route}
                packages={packagesSummary}
                rate={rate}
                charges={charges}
                balance={{ loading: balance.isPending, available }}
                canDeposit={can('finances.deposits')}
                taxInfo={{
                  canRead: canTaxInfo,
                  loading: taxInfo.isPending,
                  failed: taxInfo.isError,
                  data: taxInfo.data,
                }}
                failure={failure}
              />
            )}
          </Paper>
        </FormBody>
      </FormProvider>
      {/* Outside the wizard's form: its own form's submit must not bubble into the wizard's. */}
      <LocationDrawer
        opened={addingLocation}
        location={null}
        onClose={() => setAddingLocation(false)}
        onSaved={(saved) => form.setValue('location_id', saved.id, { shouldValidate: true })}
      />
    </>
  );
}
