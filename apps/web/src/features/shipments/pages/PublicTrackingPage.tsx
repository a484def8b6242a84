import type { PublicTracking } from '@despacho/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconExternalLink, IconPackageOff, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LanguageMenu } from '../../../ui/LanguageMenu';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/server-errors';
import { Logo } from '../../../ui/Logo';
import { ShipmentStatusBadge } from '../components/ShipmentStatusBadge';
import { TrackingTimeline } from '../../../ui/TrackingTimeline';
import { useDateFormat } from '../../../lib/dates';
import { trackingPath } from '../paths';
import { isTrackingNumber, normalizeTrackingNumber, usePublicTracking } from '../tracking-api';
import { Fact } from '../../../ui/Fact';

/** Looks up another tracking number: its own page, so it can be shared. */
function LookupForm({ initial }: { initial: string }) {
  const { t } = useTranslation('shipments');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = normalizeTrackingNumber(value);
    if (!isTrackingNumber(number)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void navigate(trackingPath(number));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('public.lookup.label')}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          label={t('public.lookup.field')}
          placeholder={t('public.lookup.placeholder')}
          value={value}
          error={invalid ? t('public.lookup.invalid') : undefined}
          onChange={(event) => setValue(event.currentTarget.value)}
          autoComplete="off"
        />
        <Button type="submit" mt={25} leftSection={<IconSearch size={16} />}>
          {t('public.lookup.submit')}
        </Button>
      </Group>
    </form>
  );
}

/** Who sent the parcel: the merchant's logo and trade name, as their customer knows them. */
function Merchant({ merchant }: { merchant: PublicTracking['merchant'] }) {
  const { t } = useTranslation('shipments');
  return (
    <Group gap="sm" wrap="nowrap" mb="md">
      {merchant.logo_url && (
        <Image
          src={merchant.logo_url}
          alt={merchant.name}
          h={48}
          w="auto"
          maw={160}
          fit="contain"
        />
      )}
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('public.sentBy')}
        </Text>
        <Text fw={600}>{merchant.name}</Text>
      </div>
    </Group>
  );
}

/**
 * What a visitor may see of a guide: who sent it, and no names, streets or phones of the sender
 * or the recipient (the API sends none).
 */
function TrackingResult({ tracking }: { tracking: PublicTracking }) {
  const { t } = useTranslation('shipments');
  const dates = useDateFormat();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('public.summary')}>
        <Merchant merchant={tracking.merchant} />
        <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
          <div>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('public.trackingNumber')}
            </Text>
            <Title order={2} fz="xl" ff="monospace">
              {tracking.tracking_number}
            </Title>
          </div>
          <ShipmentStatusBadge status={tracking.status} purchaseState="purchased" size="lg" />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="md">
          <Fact fw={500} label={t('public.carrier')}>
            {tracking.carrier_name}
            {tracking.carrier_tracking_url && (
              <Anchor
                href={tracking.carrier_tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                fz="xs"
                display="block"
              >
                <Group gap={4} wrap="nowrap" component="span">
                  {t('public.carrierTracking', { carrier: tracking.carrier_name })}
                  <IconExternalLink size={12} aria-hidden />
                </Group>
              </Anchor>
            )}
          </Fact>
          <Fact fw={500} label={t('public.service')}>
            {tracking.service_name}
          </Fact>
          <Fact fw={500} label={t('public.route')}>
            <Group gap={6} wrap="nowrap">
              <span>{tracking.origin_city}</span>
              <IconArrowRight size={14} aria-label={t('public.to')} />
              <span>{tracking.destination_city}</span>
            </Group>
          </Fact>
          <Fact fw={500} label={t('public.estimatedDelivery')}>
            {tracking.status === 'cancelled' ? '—' : dates.day(tracking.estimated_delivery)}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={t('timeline.title')}>
        <Title order={2} fz="lg" mb="md">
          {t('timeline.title')}
        </Title>
        <TrackingTimeline events={tracking.events} />
      </Paper>
    </Stack>
  );
}

function NotFound({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useTranslation('shipments');
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <IconPackageOff size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
        <Title order={2} fz="lg">
          {t('public.notFound.title', { number: trackingNumber })}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('public.notFound.text')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * `/t/:trackingNumber`: the public tracking page a merchant shares with their customer. No
 * sign-in and no app menu: the logo, the guide's carrier, service, status, cities, estimated
 * delivery and timeline, and a form to look up another number.
 */
export function PublicTrackingPage() {
  const { t } = useTranslation('shipments');
  const { trackingNumber = '' } = useParams();
  const tracking = usePublicTracking(trackingNumber || undefined);
  const notFound =
    trackingNumber !== '' &&
    (!isTrackingNumber(trackingNumber) ||
      (tracking.error instanceof ApiError && tracking.error.status === 404));

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group
        component="header"
        justify="space-between"
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
      >
        <Anchor component={Link} to="/" underline="never" aria-label="Despacho">
          <Logo />
        </Anchor>
        <LanguageMenu />
      </Group>
      <Container component="main" size={860} py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('public.title')}
            </Title>
            <Text c="dimmed">{t('public.subtitle')}</Text>
          </div>
          <Paper withBorder radius="lg" p="md">
            <LookupForm key={trackingNumber} initial={trackingNumber} />
          </Paper>
          {trackingNumber === '' ? null : notFound ? (
            <NotFound trackingNumber={trackingNumber} />
          ) : tracking.isError ? (
            <Alert color="red">{messageOf(tracking.error)}</Alert>
          ) : tracking.isPending ? (
            <Stack aria-busy="true" aria-label={t('public.loading')}>
              <Skeleton h={140} radius="lg" />
              <Skeleton h={220} radius="lg" />
            </Stack>
          ) : (
            <TrackingResult tracking={tracking.data} />
          )}
          <Text fz="xs" c="dimmed" ta="center">
            {t('public.footer')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
