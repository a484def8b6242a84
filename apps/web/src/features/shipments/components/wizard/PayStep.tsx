import {
  formatMoney,
  pickupTimeRangeSchema,
  shipmentCreateSchema,
  type GuideCharges,
  type RateView,
  type TaxInfo,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Grid,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconReceipt } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BalanceCheck } from '../../../../ui/BalanceCheck';
import { Link } from 'react-router';
import { fieldRulesOf, textFieldRules } from '../../../../lib/field-rules';
import { REDIRECT_PARAM } from '../../../../lib/paths';
import { CREATE_SHIPMENT_PATH } from '../../paths';
import { lengthCountOf } from './FieldCount';
import { errorAt, type WizardValues } from './model';

/** Deposits, then back here: the wizard's draft brings the merchant back to this step. */
const DEPOSITS_PATH = `/app/finance/deposits?${new URLSearchParams({ [REDIRECT_PARAM]: CREATE_SHIPMENT_PATH }).toString()}`;
const COMPANY_PATH = '/app/settings/details';
const DEFAULT_PICKUP = { start: '09:00', end: '14:00' };

/** Required marks and length limits, from the schemas the step validates with. */
const PICKUP_RULES = fieldRulesOf(pickupTimeRangeSchema.shape);
const REFERENCE_RULES = textFieldRules(shipmentCreateSchema.shape.reference);

/**
 * Step 6: the summary and what it charges, the balance it comes from (short of it, a way to top
 * up and no payment), the preferred pickup time, a reference and who the CFDI goes to.
 */
export function PayStep({
  route,
  packages,
  rate,
  charges,
  balance,
  canDeposit,
  taxInfo,
  failure,
}: {
  route: { origin: string; destination: string };
  packages: string;
  rate: RateView | undefined;
  charges: GuideCharges | null;
  balance: { loading: boolean; available: number | null };
  canDeposit: boolean;
  taxInfo: {
    canRead: boolean;
    loading: boolean;
    failed: boolean;
    data: TaxInfo | null | undefined;
  };
  failure: string | null;
}) {
  const { t } = useTranslation('shipment-create');
  const form = useFormContext<WizardValues>();
  const { errors } = form.formState;
  const pickup = useWatch({ control: form.control, name: 'pickup_time_range' });
  const short =
    charges && balance.available !== null && balance.available < charges.total
      ? charges.total - balance.available
      : null;

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('pay.title')}
      </Title>
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Text fw={600} fz="sm">
            {t('pay.failedTitle')}
          </Text>
          <Text fz="sm">{failure}</Text>
          <Text fz="sm">{t('pay.failedNotCharged')}</Text>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Table
            variant="vertical"
            withTableBorder
            fz="sm"
            aria-label={t('pay.summary')}
            layout="fixed"
          >
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">{t('pay.route')}</Table.Th>
                <Table.Td>
                  {t('pay.routeValue', { origin: route.origin, destination: route.destination })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.packages')}</Table.Th>
                <Table.Td>{packages}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('pay.service')}</Table.Th>
                <Table.Td>{rate ? `${rate.carrier_name} ${rate.service_name}` : '—'}</Table.Td>
              </Table.Tr>
              {charges && (
                <>
                  <Table.Tr>
                    <Table.Th>{t('pay.carrierPrice')}</Table.Th>
                    <Table.Td>{formatMoney(charges.carrierCost)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('pay.insurancePremium')}</Table.Th>
                    <Table.Td>
                      {charges.insurancePremium > 0
                        ? formatMoney(charges.insurancePremium)
                        : t('pay.noInsurance')}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('pay.vat')}</Table.Th>
                    <Table.Td>{formatMoney(charges.vat)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('pay.total')}</Table.Th>
                    <Table.Td fw={800} fz="md">
                      {formatMoney(charges.total)}
                    </Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <BalanceCheck
              available={balance.available}
              loading={balance.loading}
              short={short}
              shortHint={(missing) => t('pay.insufficientHint', { missing })}
              depositsPath={DEPOSITS_PATH}
              canDeposit={canDeposit}
              testId="pay-balance"
              depositNote={<Text fz="xs">{t('pay.depositKeepsDraft')}</Text>}
            />
            <CfdiNote taxInfo={taxInfo} />
          </Stack>
        </Grid.Col>
      </Grid>

      <Switch
        label={t('pay.pickupToggle')}
        description={t('pay.pickupHint')}
        checked={pickup != null}
        onChange={(event) => {
          form.clearErrors('pickup_time_range');
          form.setValue(
            'pickup_time_range',
            event.currentTarget.checked ? { ...DEFAULT_PICKUP } : null,
            { shouldDirty: true },
          );
        }}
      />
      {pickup != null && (
        <Group grow align="flex-start" maw={420}>
          <TextInput
            type="time"
            label={t('pay.pickupStart')}
            withAsterisk={PICKUP_RULES.start.required}
            step={900}
            error={errorAt(errors, 'pickup_time_range.start')}
            {...form.register('pickup_time_range.start')}
          />
          <TextInput
            type="time"
            label={t('pay.pickupEnd')}
            withAsterisk={PICKUP_RULES.end.required}
            step={900}
            error={errorAt(errors, 'pickup_time_range.end')}
            {...form.register('pickup_time_range.end')}
          />
        </Group>
      )}
      <TextInput
        label={t('pay.reference')}
        withAsterisk={REFERENCE_RULES.required}
        description={
          <>
            {t('pay.referenceHint')} {lengthCountOf('reference', REFERENCE_RULES.maxLength)}
          </>
        }
        maw={420}
        error={errorAt(errors, 'reference')}
        {...form.register('reference')}
      />
    </Stack>
  );
}

function CfdiNote({
  taxInfo,
}: {
  taxInfo: {
    canRead: boolean;
    loading: boolean;
    failed: boolean;
    data: TaxInfo | null | undefined;
  };
}) {
  const { t } = useTranslation('shipment-create');
  const icon = <IconReceipt size={18} />;
  if (!taxInfo.canRead) {
    return (
      <Alert color="gray" variant="light" icon={icon} title={t('pay.cfdi')}>
        {t('pay.cfdiNoAccess')}
      </Alert>
    );
  }
  if (taxInfo.loading) return <Skeleton height={60} />;
  if (taxInfo.failed) {
    return (
      <Alert color="orange" variant="light" icon={icon} title={t('pay.cfdi')} role="alert">
        <Text fz="sm">{t('pay.cfdiError')}</Text>
        <Anchor component={Link} to={COMPANY_PATH} fz="sm" fw={600}>
          {t('pay.cfdiLink')}
        </Anchor>
      </Alert>
    );
  }
  if (!taxInfo.data) {
    return (
      <Alert color="yellow" variant="light" icon={icon} title={t('pay.cfdi')}>
        <Text fz="sm">{t('pay.cfdiMissing')}</Text>
        <Anchor component={Link} to={COMPANY_PATH} fz="sm" fw={600}>
          {t('pay.cfdiLink')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={icon} title={t('pay.cfdi')}>
      {t('pay.cfdiTo', { name: taxInfo.data.legal_name, taxId: taxInfo.data.tax_id })}
    </Alert>
  );
}
