import { userSessionItem } from '../../lib/user-storage';
import type { WizardValues } from './components/wizard/model';

/**
 * The create-shipment wizard's work in progress, kept in this tab under the signed-in user so
 * that leaving the wizard (to top up the balance, a reload, a slip of the menu) loses nothing:
 * it opens again at the step it was on. Cleared once the guide is bought or the merchant starts
 * over.
 */
export interface ShipmentDraft {
  values: WizardValues;
  /** The step that was open (an index of `STEPS`). */
  step: number;
  /** The typed destination is to be saved as a customer once the guide is bought. */
  saveCustomer: boolean;
}

export const shipmentDraft = userSessionItem<ShipmentDraft>('shipment.draft');
