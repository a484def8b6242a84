import type {
  PageMeta,
  ProviderKind,
  ProviderMode,
  StaffProvider,
  StaffProviderFailure,
  StaffProviderFailuresQuery,
} from '@despacho/domain';
import type { Config } from '../../config';
import type { ProviderCalls, ProviderOutcome } from '../../platform/provider-calls';

interface ConfiguredProvider {
  kind: ProviderKind;
  provider: string;
  mode: ProviderMode;
}

const CARRIER_MODE = { sandbox: 'sandbox', test: 'test', production: 'live' } as const;

/**
 * The provider each kind uses by this configuration, and whether it is live: read from the
 * settings that choose them, never from a secret. Each adapter of issue 27 adds its line.
 */
export function configuredProviders(config: Config): ConfiguredProvider[] {
  const providers: ConfiguredProvider[] = [
    { kind: 'carrier', provider: 'dhl_express', mode: CARRIER_MODE[config.DHL_EXPRESS_MODE] },
    { kind: 'carrier', provider: 'fedex', mode: CARRIER_MODE[config.FEDEX_MODE] },
  ];
  const payments =
    config.PAYMENT_PROVIDER ?? (config.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (payments === 'sandbox') {
    providers.push({ kind: 'payments', provider: 'sandbox', mode: 'sandbox' });
  } else if (payments === 'stripe') {
    // The publishable key (public by design) says whether it is Stripe's test mode.
    const test = config.STRIPE_PUBLISHABLE_KEY?.startsWith('pk_test_');
    providers.push({ kind: 'payments', provider: 'stripe', mode: test ? 'test' : 'live' });
  }
  providers.push(
    config.CFDI_PAC === 'facturapi'
      ? {
          kind: 'cfdi',
          provider: 'facturapi',
          // Facturapi's keys say their mode in their prefix; nothing more of the key is read.
          mode: config.FACTURAPI_API_KEY?.startsWith('sk_test_') ? 'test' : 'live',
        }
      : { kind: 'cfdi', provider: 'sandbox', mode: 'sandbox' },
  );
  providers.push(
    config.SMS_PROVIDER === 'twilio'
      ? { kind: 'sms', provider: 'twilio', mode: 'live' }
      : { kind: 'sms', provider: 'outbox', mode: 'sandbox' },
  );
  providers.push(
    config.FILES_STORAGE === 's3'
      ? { kind: 'files', provider: 's3', mode: 'live' }
      : { kind: 'files', provider: 'local_disk', mode: 'sandbox' },
  );
  return providers;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function lastOutcome(outcome: ProviderOutcome | undefined): StaffProvider['last_outcome'] {
  if (!outcome?.lastSuccessAt && !outcome?.lastFailureAt) return 'unknown';
  if (!outcome.lastFailureAt) return 'ok';
  if (!outcome.lastSuccessAt) return 'failed';
  return outcome.lastSuccessAt > outcome.lastFailureAt ? 'ok' : 'failed';
}

/** The console's providers screen: each provider's mode and last outcome, and its failures. */
export class StaffProvidersService {
  constructor(private readonly deps: { config: Config; providerCalls: ProviderCalls }) {}

  async list(): Promise<StaffProvider[]> {
    const outcomes = await this.deps.providerCalls.outcomes();
    const key = (row: { kind: string; provider: string }) => `${row.kind}/${row.provider}`;
    const byKey = new Map(outcomes.map((outcome) => [key(outcome), outcome]));
    const configured = configuredProviders(this.deps.config);
    const configuredKeys = new Set(configured.map(key));
    const gone = outcomes
      .filter((outcome) => !configuredKeys.has(key(outcome)))
      .sort((a, b) => key(a).localeCompare(key(b)))
      .map((outcome) => ({ kind: outcome.kind, provider: outcome.provider, mode: null }));
    return [...configured, ...gone].map((provider) => {
      const outcome = byKey.get(key(provider));
      return {
        ...provider,
        last_outcome: lastOutcome(outcome),
        last_success_at: iso(outcome?.lastSuccessAt ?? null),
        last_failure_at: iso(outcome?.lastFailureAt ?? null),
      };
    });
  }

  async failures(
    query: StaffProviderFailuresQuery,
  ): Promise<{ data: StaffProviderFailure[]; meta: PageMeta }> {
    const { providerCalls } = this.deps;
    const [rows, total] = await Promise.all([
      providerCalls.failures(query),
      providerCalls.countFailures(query),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        provider: row.provider,
        operation: row.operation,
        code: row.code,
        http_status: row.httpStatus,
        provider_code: row.providerCode,
        message: row.message,
        occurred_at: row.occurredAt.toISOString(),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }
}
