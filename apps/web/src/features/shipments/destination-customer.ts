import { customerSchema, type CustomerData, type ShipmentCreateData } from '@despacho/domain';

type TypedDestination = Extract<ShipmentCreateData['destination'], { kind: 'new' }>;

/**
 * The customer a typed destination becomes when the merchant ticks "save as customer": the
 * recipient's contact, and the address as its default one, named `alias`. The destination's
 * rules are the customer's, so parsing only fails on a change of those rules (and then throws).
 */
export function customerOfDestination(destination: TypedDestination, alias: string): CustomerData {
  const { kind: _kind, contact_name, company, email, phone, ...address } = destination;
  return customerSchema.parse({
    name: contact_name,
    company,
    email,
    phone,
    addresses: [
      {
        ...address,
        alias,
        company,
        contact_name,
        contact_email: email,
        contact_phone: phone,
        is_default: true,
      },
    ],
  });
}
