import type { Core } from '../services';
import type {
  CarrierAccountResolver,
  CarrierCredentials,
  LiveCarrierKey,
} from './carrier-accounts';

/**
 * Which account an organization's calls to a real carrier use. No organization can connect its
 * own account yet and no platform account is configured, so there is none (issue 27 adds both).
 */
export class CarrierAccounts implements CarrierAccountResolver {
  constructor(private readonly deps: Core) {}

  async credentialsFor(
    _organizationId: string,
    _carrier: LiveCarrierKey,
  ): Promise<CarrierCredentials | null> {
    return null;
  }
}
