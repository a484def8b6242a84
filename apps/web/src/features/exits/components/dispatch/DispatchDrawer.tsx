import { formatMoney, type QuoteView, type StaffExitView } from '@despacho/domain';
import {
  Alert,
  Button,
  Drawer,
  Group,
  NumberInput,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../lib/server-errors';
import { dispatchApi, useDispatchExit, useRefreshDispatch } from '../../dispatch-api';
import { DispatchShipped } from './DispatchShipped';
import { PickList } from './PickList';

type Parcel = {
  package_id: string | null;
  length: number;
  width: number;
  height: number;
  weight: number;
};
const emptyParcel: Parcel = { package_id: null, length: 30, width: 20, height: 15, weight: 1 };
const DIMENSIONS = ['length', 'width', 'height', 'weight'] as const;

/**
 * One exit dispatched: its pick list, the parcels (a saved package of the organization or
 * measured, each weighed), the quote from the warehouse, and the guide bought from the
 * merchant's balance, which ships the exit.
 */
export function DispatchDrawer({
  exitId,
  onClose,
}: {
  exitId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('exits');
  const exit = useDispatchExit(exitId);
  const refresh = useRefreshDispatch();
  const [parcels, setParcels] = useState<Parcel[]>([emptyParcel]);
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [rateId, setRateId] = useState<string | null>(null);
  const [shipped, setShipped] = useState<StaffExitView | null>(null);
  const body = () => ({
    parcels: parcels.map((parcel) => ({ ...parcel, unit: 'cm_kg' as const })),
  });

  const quoting = useMutation({
    mutationFn: () => dispatchApi.quote(exitId!, body()),
    onSuccess: (view) => {
      setQuote(view);
      setRateId(view.rates[0]?.id ?? null);
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const shipping = useMutation({
    mutationFn: () =>
      dispatchApi.ship(exitId!, {
        ...body(),
        quote_id: quote!.id,
        rate_id: rateId!,
      }),
    // The drawer stays open on the shipped exit: its label is what staff need next.
    onSuccess: async (view) => {
      setShipped(view);
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  });
  const close = () => {
    setParcels([emptyParcel]);
    setQuote(null);
    setRateId(null);
    setShipped(null);
    onClose();
  };
  const change = (index: number, next: Partial<Parcel>) => {
    setQuote(null);
    setParcels((all) => all.map((parcel, i) => (i === index ? { ...parcel, ...next } : parcel)));
  };
  const packages = exit.data?.packages ?? [];

  return (
    <Drawer
      opened={exitId !== null}
      onClose={close}
      position="right"
      size="xl"
      title={
        exit.data
          ? t('dispatch.drawerTitle', {
              number: exit.data.number,
              organization: exit.data.organization.name,
            })
          : t('dispatch.title')
      }
    >
      {shipped ? (
        <DispatchShipped exit={shipped} onClose={close} />
      ) : exit.isPending ? (
        <Skeleton h={240} />
      ) : exit.isError ? (
        <Alert color="red">{messageOf(exit.error)}</Alert>
      ) : (
        <Stack gap="lg">
          <Text fz="sm">
            {t('dispatch.destination', {
              name: exit.data.destination.name,
              city: exit.data.destination.address.city,
              zip: exit.data.destination.address.zip,
            })}
          </Text>
          <PickList exit={exit.data} />
          <Title order={3} fz="md">
            {t('dispatch.pack.title')}
          </Title>
          {parcels.map((parcel, index) => (
            <Stack key={index} gap="xs">
              <Group align="end" wrap="wrap">
                <Select
                  label={t('dispatch.pack.package', { number: index + 1 })}
                  placeholder={t('dispatch.pack.measured')}
                  data={packages.map((pkg) => ({ value: pkg.id, label: pkg.name }))}
                  value={parcel.package_id}
                  clearable
                  w={220}
                  onChange={(id) => {
                    const saved = packages.find((pkg) => pkg.id === id);
                    change(
                      index,
                      saved
                        ? {
                            package_id: saved.id,
                            length: saved.length,
                            width: saved.width,
                            height: saved.height,
                            weight: saved.weight,
                          }
                        : { package_id: null },
                    );
                  }}
                />
                {DIMENSIONS.map((field) => (
                  <NumberInput
                    key={field}
                    label={t(`dispatch.pack.${field}`)}
                    value={parcel[field]}
                    min={0.1}
                    decimalScale={2}
                    w={110}
                    onChange={(value) => change(index, { [field]: Number(value) || 0 })}
                  />
                ))}
                {parcels.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    aria-label={t('dispatch.pack.remove', { number: index + 1 })}
                    onClick={() => {
                      setQuote(null);
                      setParcels((all) => all.filter((_, i) => i !== index));
                    }}
                  >
                    <IconTrash size={18} />
                  </Button>
                )}
              </Group>
            </Stack>
          ))}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setParcels((all) => [...all, emptyParcel])}
            >
              {t('dispatch.pack.add')}
            </Button>
            <Button loading={quoting.isPending} onClick={() => quoting.mutate()}>
              {t('dispatch.quote')}
            </Button>
          </Group>
          {quote && (
            <Stack gap="sm">
              {quote.rates.length === 0 ? (
                <Alert color="yellow">{t('dispatch.noRates')}</Alert>
              ) : (
                <Radio.Group value={rateId} onChange={setRateId} label={t('dispatch.rates')}>
                  <Stack gap="xs" mt="xs">
                    {quote.rates.map((rate) => (
                      <Radio
                        key={rate.id}
                        value={rate.id}
                        label={`${rate.carrier_name} · ${rate.service_name} · ${formatMoney(rate.total)}`}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              <Button
                color="teal"
                disabled={!rateId}
                loading={shipping.isPending}
                onClick={() => shipping.mutate()}
              >
                {t('dispatch.ship')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
