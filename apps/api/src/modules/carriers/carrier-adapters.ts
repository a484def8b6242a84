import { CARRIER_KEYS, type CarrierKey } from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { ProviderCalls } from '../../platform/provider-calls';
import type { PostalCodesService } from '../catalogs';
import type { CarrierAccountResolver, LiveCarrierKey } from './carrier-accounts';
import type { CarrierAdapter } from './carrier-adapter';
import { dhlExpressCarrier } from './dhl-express/dhl-express-carrier';
import { ExtendedZones } from './extended-zones';
import { fedexCarrier } from './fedex/fedex-carrier';
import { SandboxCarrier } from './sandbox-carrier';
import { SANDBOX_TARIFFS } from './sandbox-tariffs';

export type CarrierAdapters = Record<CarrierKey, CarrierAdapter>;

export interface CarrierAdapterDeps {
  config: Pick<
    Config,
    | 'CARRIER_SANDBOX_FAILURE_RATE'
    | 'CARRIER_SANDBOX_CANCEL_DELAY_SECONDS'
    | 'CARRIER_SANDBOX_LABEL_DELAY_MS'
  > &
    // The real carriers' switches and addresses: absent, each carrier stays its sandbox.
    Partial<
      Pick<Config, 'DHL_EXPRESS_MODE' | 'DHL_EXPRESS_BASE_URL' | 'FEDEX_MODE' | 'FEDEX_BASE_URL'>
    >;
  postalCodes: Pick<PostalCodesService, 'allSettlementsRural'>;
  clock: Clock;
  /**
   * What real carriers' adapters call through, with the organization's or the platform's
   * account; without it (tests of the sandboxes) every carrier is its sandbox.
   */
  live?: { providerCalls: ProviderCalls; accounts: CarrierAccountResolver };
}

/**
 * The real carriers (issue 27): each builds its adapter when configuration switches it on, and
 * answers null while it stays a sandbox.
 */
const LIVE_CARRIERS: Partial<
  Record<
    LiveCarrierKey,
    (
      deps: CarrierAdapterDeps,
      live: NonNullable<CarrierAdapterDeps['live']>,
    ) => CarrierAdapter | null
  >
> = {
  dhl_express: dhlExpressCarrier,
  fedex: fedexCarrier,
};

/**
 * One adapter per carrier of the catalogue: DHL Express and FedEx their real APIs when their
 * mode says so (decision 036), every other carrier its sandbox (decision 017), configured by
 * `CARRIER_SANDBOX_FAILURE_RATE` and `CARRIER_SANDBOX_CANCEL_DELAY_SECONDS`; the sandboxes share
 * one extended-zone cache.
 *
 * The composition root (`modules/services.ts`) builds one set per app and hands it to every
 * service that calls a carrier, so the cache and what the sandboxes remember are the app's.
 * `options.random` is the source of the simulated failures (tests).
 */
export function carrierAdapters(
  deps: CarrierAdapterDeps,
  options: { random?: () => number } = {},
): CarrierAdapters {
  const extendedZones = new ExtendedZones(deps);
  const adapters = {} as CarrierAdapters;
  for (const key of CARRIER_KEYS) {
    const live = deps.live && LIVE_CARRIERS[key as LiveCarrierKey]?.(deps, deps.live);
    if (live) {
      adapters[key] = live;
      continue;
    }
    adapters[key] = new SandboxCarrier({
      tariff: SANDBOX_TARIFFS[key],
      extendedZones,
      clock: deps.clock,
      failureRate: deps.config.CARRIER_SANDBOX_FAILURE_RATE,
      cancelDelaySeconds: deps.config.CARRIER_SANDBOX_CANCEL_DELAY_SECONDS,
      labelDelayMs: deps.config.CARRIER_SANDBOX_LABEL_DELAY_MS,
      ...(options.random ? { random: options.random } : {}),
    });
  }
  return adapters;
}
