import {
  pesosAmountField,
  type ShipmentCreateInput,
  type ShipmentPackageInput,
  type ShipmentProductInput,
} from '@despacho/domain';
import { get, type FieldErrors } from 'react-hook-form';
import { addressFormValues } from '../../../../lib/address-form';
import type { ParcelDraft } from '../../quotes-api';

/**
 * The create-shipment wizard keeps one form of `shipmentCreateSchema`'s input, the body
 * `POST shipments` takes: each step validates its own part with the same schema, and Pay sends
 * it whole. Insurance and the pickup range are null while switched off.
 */
export type WizardValues = ShipmentCreateInput;

export const STEPS = ['origin', 'destination', 'packages', 'insurance', 'quote', 'pay'] as const;
export type StepKey = (typeof STEPS)[number];
export const QUOTE_STEP = STEPS.indexOf('quote');
export const PAY_STEP = STEPS.indexOf('pay');

/** The fields each step validates before the next one opens. */
export const STEP_FIELDS: Record<StepKey, readonly (keyof WizardValues)[]> = {
  origin: ['location_id'],
  destination: ['destination'],
  packages: ['packages'],
  insurance: ['insurance'],
  quote: ['quote_id', 'rate_id'],
  pay: ['reference', 'pickup_time_range'],
};

/** The step that holds a field the server named (`packages.0.products.1.sat_unit_code`). */
export function stepOfField(path: string): number {
  const root = path.split('.')[0] as keyof WizardValues;
  const index = STEPS.findIndex((step) => STEP_FIELDS[step].includes(root));
  return index === -1 ? PAY_STEP : index;
}

export const newProduct = (): ShipmentProductInput => ({
  description: '',
  quantity: 1,
  sat_product_code: '',
  sat_unit_code: 'H87',
  unit_value: '',
});

export const newPackage = (parcel?: ParcelDraft): ShipmentPackageInput =>
  ({
    package_id: null,
    unit: 'cm_kg',
    name: '',
    ...parcel,
    products: [newProduct()],
  }) as ShipmentPackageInput;

export const customerDestination = (): WizardValues['destination'] => ({
  kind: 'customer',
  customer_id: '',
  address_id: '',
});

export const newDestination = (zip = ''): WizardValues['destination'] => ({
  kind: 'new',
  ...addressFormValues(),
  zip,
  contact_name: '',
  company: '',
  email: '',
  phone: '',
});

export const emptyInsurance = (declaredValue = ''): NonNullable<WizardValues['insurance']> => ({
  declared_value: declaredValue,
  invoice_file_id: null,
  // A blank UUID is null: the schema reads "" as a malformed folio.
  invoice_uuid: null,
});

export function initialValues({
  destinationZip,
  parcel,
  customers,
}: {
  destinationZip?: string;
  parcel?: ParcelDraft;
  /** The user may pick saved customers: the destination starts there unless a zip was given. */
  customers: boolean;
}): WizardValues {
  return {
    location_id: '',
    destination:
      customers && !destinationZip ? customerDestination() : newDestination(destinationZip),
    packages: [newPackage(parcel)],
    insurance: null,
    quote_id: '',
    rate_id: '',
    reference: '',
    pickup_time_range: null,
  };
}

/** Pesos typed in a form as centavos, or null while not a valid amount. */
export function centavosOf(pesos: string | undefined): number | null {
  const parsed = pesosAmountField.safeParse(pesos ?? '');
  return parsed.success ? parsed.data : null;
}

/** What the products of every package are worth (quantity × unit value), in centavos. */
export function productsValue(packages: readonly ShipmentPackageInput[] | undefined): number {
  let total = 0;
  for (const pkg of packages ?? []) {
    for (const product of pkg.products ?? []) {
      const unit = centavosOf(product.unit_value);
      if (unit !== null && typeof product.quantity === 'number') total += unit * product.quantity;
    }
  }
  return total;
}

/** The message of an error placed on a field or on a list itself (`packages.root`). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const error = get(errors, path) as
    { message?: string; root?: { message?: string }; _?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message ?? error?._?.message;
}

/** Whether anything under `path` has an error. */
export const hasErrorAt = (errors: FieldErrors, path: string) => get(errors, path) !== undefined;
