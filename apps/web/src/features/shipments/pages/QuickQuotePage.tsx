import { quoteRequestSchema, type QuoteRequestInput, type RateView } from '@despacho/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDomainForm } from '../../../lib/useDomainForm';
import { FormBody } from '../../../ui/FormBody';
import { PageHeader } from '../../../ui/PageHeader';
import { useDateFormat } from '../../../lib/dates';
import { CREATE_SHIPMENT_PATH } from '../paths';
import { useOriginLocations } from '../../../lib/api/locations';
import { useSavedPackages } from '../../../lib/api/packages';
import { prefillSearch, quotesApi, READS_FOR_SHIPPING, useCan } from '../quotes-api';
import { ParcelFields } from '../../../ui/ParcelFields';
import { RatesList } from '../../../ui/RatesList';
import { ZipField } from '../components/ZipField';

const EMPTY: QuoteRequestInput = {
  origin_zip: '',
  destination_zip: '',
  parcels: [{ package_id: null, unit: 'cm_kg' } as QuoteRequestInput['parcels'][number]],
};

/** `HH:MM` of an instant in Mexico City time. */

/**
 * `create-shippings`: the quick quote. Origin and destination zips (the place shows once known)
 * and one parcel, saved or typed → the rates of every enabled carrier. A rate leads to create
 * shipment with the zips, the parcel and the rate already filled in.
 */
export function QuickQuotePage() {
  const { t } = useTranslation('shipment-create');
  const { t: nav } = useTranslation('navigation');
  const dates = useDateFormat();
  const navigate = useNavigate();
  const can = useCan();
  const savedPackages = useSavedPackages(can(...READS_FOR_SHIPPING.packages));
  const locations = useOriginLocations(can(...READS_FOR_SHIPPING.locations));
  const { form, formProps, mutation } = useDomainForm({
    schema: quoteRequestSchema,
    defaultValues: EMPTY,
    submit: (values) => quotesApi.create(values),
  });

  // The origin starts as the default location's zip, when the user may read locations.
  const defaultZip = locations.data?.find((location) => location.is_default)?.zip;
  useEffect(() => {
    if (defaultZip && !form.getValues('origin_zip')) form.setValue('origin_zip', defaultZip);
  }, [defaultZip, form]);

  const quote = mutation.data;
  const asked = mutation.variables;
  // New rates come into view under the form.
  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (quote) results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [quote]);
  const choose = (rate: RateView) => {
    const parcel = asked?.parcels[0];
    void navigate(
      CREATE_SHIPMENT_PATH +
        prefillSearch({
          origin_zip: asked?.origin_zip,
          destination_zip: asked?.destination_zip,
          rate_id: rate.id,
          parcel: parcel && {
            package_id: parcel.package_id ?? null,
            unit: parcel.unit,
            length: parcel.length,
            width: parcel.width,
            height: parcel.height,
            weight: parcel.weight,
          },
        }),
    );
  };

  return (
    <>
      <PageHeader
        title={nav('screens.createShippings.title')}
        breadcrumbs={[
          { label: nav('modules.shipments') },
          { label: nav('screens.createShippings.title') },
        ]}
        subtitle={t('quick.subtitle')}
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="quick-form">
          <Title order={2} fz="lg" id="quick-form" mb="md">
            {t('quick.formTitle')}
          </Title>
          <FormProvider {...form}>
            <FormBody
              {...formProps}
              actions={
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    leftSection={<IconCalculator size={18} />}
                    loading={mutation.isPending}
                  >
                    {t('quick.submit')}
                  </Button>
                </Group>
              }
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ZipField name="origin_zip" label={t('quick.originZip')} />
                <ZipField name="destination_zip" label={t('quick.destinationZip')} />
              </SimpleGrid>
              <ParcelFields
                name="parcels.0"
                savedPackages={
                  can(...READS_FOR_SHIPPING.packages) ? (savedPackages.data?.data ?? []) : undefined
                }
              />
            </FormBody>
          </FormProvider>
        </Paper>
        {quote && (
          <Stack gap="sm" component="section" aria-labelledby="quick-results" ref={results}>
            <Group justify="space-between" align="baseline">
              <Title order={2} fz="lg" id="quick-results">
                {t('quick.resultsTitle')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('quick.route', {
                  origin: quote.origin_zip,
                  destination: quote.destination_zip,
                })}
              </Text>
            </Group>
            {quote.rates.length > 0 && (
              <Text fz="sm" c="dimmed">
                {t('quick.validUntil', { time: dates.timeWithZone(quote.expires_at) })}
              </Text>
            )}
            <RatesList
              rates={quote.rates}
              unavailable={quote.unavailable}
              chooseLabel={can('shipments.create_shipment') ? t('quick.choose') : undefined}
              onChoose={can('shipments.create_shipment') ? choose : undefined}
              canOpenSettings={can('settings.carriers')}
            />
          </Stack>
        )}
      </Stack>
    </>
  );
}
