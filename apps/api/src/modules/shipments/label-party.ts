import type { ShipmentParty } from '@despacho/domain';
import type { LabelParty } from '../carriers';

/**
 * How a carrier sees a party of the guide: the contact, the company, the phone and the address
 * (printed on the label, and where a carrier that books pickups by address collects).
 */
export function labelParty(party: ShipmentParty): LabelParty {
  return {
    name: party.contact_name,
    company: party.company,
    phone: party.phone,
    street: party.street,
    exteriorNumber: party.external_number,
    interiorNumber: party.internal_number,
    neighborhood: party.neighborhood,
    city: party.city,
    state: party.state,
    zip: party.zip,
    reference: party.reference,
    country: party.country,
  };
}
