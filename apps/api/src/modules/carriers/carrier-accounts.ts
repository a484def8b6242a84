import type { CarrierAccountKey } from '@despacho/domain';

/** The carriers Despacho reaches through their own APIs when switched on (issue 27). */
export type LiveCarrierKey = CarrierAccountKey;

/**
 * The account a real carrier's call is made with: the organization's own (connected in
 * `settings/carriers`, stored encrypted) or the platform's negotiated one (from configuration).
 * `key`/`secret` are the API credentials the carrier issued (DHL: API key and secret; FedEx:
 * OAuth client id and secret); `accountNumber` is the shipper account that is billed.
 */
export interface CarrierCredentials {
  source: 'platform' | 'organization';
  accountNumber: string;
  key: string;
  secret: string;
}

/** Which account an organization's calls to a carrier use; null when it has none to use. */
export interface CarrierAccountResolver {
  credentialsFor(
    organizationId: string,
    carrier: LiveCarrierKey,
  ): Promise<CarrierCredentials | null>;
}
