import {
  CARRIERS,
  carrierByKey,
  carrierView,
  type Carrier,
  type CarrierDefinition,
  type Language,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import * as repository from './carriers.repository';

/**
 * Which carriers of the catalogue an organization ships with (`settings/carriers`). Always
 * scoped by the caller's organization; a carrier without a stored choice is enabled.
 *
 * Disabling every carrier is allowed on purpose: it is the merchant's decision (e.g. pausing
 * shipping), nothing is lost, and refusing the last switch would only be confusing. The screen
 * warns that no shipment can be quoted then, and the shipping issue answers an empty quote.
 */
export class CarriersService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(organizationId: string, language: Language): Promise<Carrier[]> {
    const choices = await repository.storedChoices(this.deps.db, organizationId);
    return CARRIERS.map((carrier) =>
      carrierView(carrier, choices.get(carrier.key) ?? true, language),
    );
  }

  /** NOT_FOUND for a key outside the catalogue. */
  async setEnabled(
    organizationId: string,
    key: string,
    enabled: boolean,
    language: Language,
  ): Promise<Carrier> {
    const carrier = carrierByKey(key);
    if (!carrier) throw notFound();
    await repository.saveChoice(
      this.deps.db,
      organizationId,
      carrier.key,
      enabled,
      this.deps.clock.now(),
    );
    return carrierView(carrier, enabled, language);
  }

  /** The catalogue entries the organization ships with, in catalogue order: what gets quoted. */
  async enabledCarriers(organizationId: string): Promise<CarrierDefinition[]> {
    const choices = await repository.storedChoices(this.deps.db, organizationId);
    return CARRIERS.filter((carrier) => choices.get(carrier.key) ?? true);
  }
}
