import {
  BULK_RULES,
  bulkLabelsSchema,
  CARRIERS,
  formatMoney,
  type BulkLabelsInput,
  type LocationView,
  type Package,
} from '@despacho/domain';
import {
  Alert,
  Anchor,
  Center,
  Loader,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useWalletBalance, walletKeys } from '../../../lib/api/wallet';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { messageOf } from '../../../lib/server-errors';
import { useDomainForm } from '../../../lib/useDomainForm';
import { EntityForm } from '../../../ui/EntityForm';
import { ordersApi, ordersKeys, useOrigins, usePackageOptions } from '../api';
import { bulkRunPath } from '../orders-list-paths';
import { BulkCsvStep } from './BulkCsvStep';

/**
 * Labels for the selected orders in one background run: the rule (cheapest, fastest or a
 * preferred carrier and service), where they leave from and the saved package they ship in.
 * The server checks the balance against its estimate up front (402 shown above the fields);
 * the run's page follows it. From a CSV, the orders its numbers name go through the same form.
 */
export function BulkLabelsDialog({
  orderIds,
  fromCsv = false,
  onClose,
}: {
  orderIds: string[] | null;
  /** Opens on the CSV step: the orders are the ones the uploaded numbers name. */
  fromCsv?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [fromFile, setFromFile] = useState<string[] | null>(null);
  const ids = orderIds ?? fromFile;
  const close = () => {
    setFromFile(null);
    onClose();
  };
  return (
    <Modal
      opened={orderIds !== null || fromCsv}
      onClose={close}
      title={ids ? t('bulk.title', { count: ids.length }) : t('bulkCsv.title')}
      centered
      size="lg"
    >
      {ids ? (
        <BulkLabelsBody orderIds={ids} onClose={close} />
      ) : (
        fromCsv && <BulkCsvStep onContinue={setFromFile} />
      )}
    </Modal>
  );
}

/** The form opens once the locations and packages are known: their defaults are its values. */
function BulkLabelsBody({ orderIds, onClose }: { orderIds: string[]; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const origins = useOrigins(true);
  const packages = usePackageOptions(true);
  if (origins.isError || packages.isError)
    return <Alert color="red">{messageOf(origins.error ?? packages.error)}</Alert>;
  if (!origins.data || !packages.data)
    return (
      <Center py="lg">
        <Loader aria-label={t('bulk.loading')} />
      </Center>
    );
  return (
    <BulkLabelsForm
      orderIds={orderIds}
      origins={origins.data}
      packages={packages.data}
      onClose={onClose}
    />
  );
}

function BulkLabelsForm({
  orderIds,
  origins,
  packages,
  onClose,
}: {
  orderIds: string[];
  origins: LocationView[];
  packages: Package[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useWalletBalance();
  // One key per opening of the dialog: a retried submission is the same run.
  const key = useRef(newIdempotencyKey());
  const defaults: BulkLabelsInput = {
    order_ids: orderIds,
    rule: 'cheapest',
    preferred: null,
    origin_id: (origins.find((origin) => origin.is_default) ?? origins[0])?.id ?? '',
    package_id: (packages.find((pkg) => pkg.is_default) ?? packages[0])?.id ?? '',
  };
  const { form, formProps } = useDomainForm({
    schema: bulkLabelsSchema,
    defaultValues: defaults,
    submit: (body) => ordersApi.startBulk(body, key.current),
    onSuccess: async (run) => {
      onClose();
      await navigate(bulkRunPath(run.id));
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
  const { errors } = form.formState;
  const rule = form.watch('rule');
  const carrierKey = form.watch('preferred.carrier');
  const carrier = CARRIERS.find((candidate) => candidate.key === carrierKey);
  // Orders ship within Mexico: an international service (T1) never has a rate for them.
  const domesticServices = carrier?.services.filter((service) => !service.international) ?? [];
  const language = i18n.language === 'en' ? 'en' : 'es';

  return (
    <EntityForm
      form={form}
      formProps={formProps}
      cancelLabel={t('bulk.cancel')}
      submitLabel={t('bulk.submit', { count: orderIds.length })}
      onCancel={onClose}
    >
      <Controller
        control={form.control}
        name="rule"
        render={({ field }) => (
          <Radio.Group
            label={t('bulk.rule')}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              form.setValue('preferred', value === 'preferred' ? { carrier: '' } : null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {BULK_RULES.map((value) => (
                <Radio key={value} value={value} label={t(`bulk.rules.${value}`)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {rule === 'preferred' && (
        <>
          <NativeSelect
            label={t('bulk.carrier')}
            data={[
              { value: '', label: t('bulk.chooseCarrier') },
              ...CARRIERS.map((option) => ({ value: option.key, label: option.name })),
            ]}
            error={errors.preferred?.carrier?.message ?? errors.preferred?.message}
            {...form.register('preferred.carrier')}
          />
          {domesticServices.length > 1 && (
            <NativeSelect
              label={t('bulk.service')}
              data={[
                { value: '', label: t('bulk.anyService') },
                ...domesticServices.map((service) => ({
                  value: service.key,
                  label: service.name[language],
                })),
              ]}
              {...form.register('preferred.service')}
            />
          )}
        </>
      )}
      <NativeSelect
        label={t('bulk.origin')}
        data={[
          { value: '', label: t('bulk.chooseOrigin') },
          ...origins.map((origin) => ({
            value: origin.id,
            label: `${origin.alias} · ${origin.zip}`,
          })),
        ]}
        error={errors.origin_id?.message}
        {...form.register('origin_id')}
      />
      <NativeSelect
        label={t('bulk.package')}
        data={[
          { value: '', label: t('bulk.choosePackage') },
          ...packages.map((pkg) => ({ value: pkg.id, label: pkg.name })),
        ]}
        error={errors.package_id?.message}
        description={
          packages.length === 0 && (
            <Anchor component={Link} to="/app/packages" fz="xs">
              {t('bulk.noPackages')}
            </Anchor>
          )
        }
        {...form.register('package_id')}
      />
      <Text fz="sm" c="dimmed">
        {balance.data
          ? t('bulk.balance', { available: formatMoney(balance.data.available_centavos) })
          : t('bulk.balanceUnknown')}
      </Text>
    </EntityForm>
  );
}
