import { warehouseSchema } from '@despacho/domain';
import type { Services } from '../modules/services';

/** The platform's two demo fulfilment centres (issue 15), north and centre of the country. */
const DEMO_WAREHOUSES = [
  {
    name: 'CEDIS Tultitlán',
    code: 'CEDIS-MEX',
    address: {
      street: 'Av. Recursos Hidráulicos',
      external_number: '8',
      internal_number: 'Nave 3',
      neighborhood: 'La Loma',
      city: 'Tultitlán de Mariano Escobedo',
      municipality: 'Tultitlán',
      state: 'Estado de México',
      zip: '54060',
    },
    contact_phone: '5558994310',
    contact_email: 'cedis.tultitlan@despacho.mx',
  },
  {
    name: 'CEDIS Apodaca',
    code: 'CEDIS-MTY',
    address: {
      street: 'Carretera Miguel Alemán',
      external_number: 'km 21.5',
      internal_number: 'Bodega 12',
      neighborhood: 'Parque Industrial Kalos',
      city: 'Apodaca',
      municipality: 'Apodaca',
      state: 'Nuevo León',
      zip: '66600',
    },
    contact_phone: '8183862250',
    contact_email: 'cedis.apodaca@despacho.mx',
  },
];

/** Created by the demo staff user, through the staff service, so each is audited. */
export async function seedDemoWarehouses(services: Services, staffId: string): Promise<void> {
  for (const warehouse of DEMO_WAREHOUSES) {
    await services.warehouses.create(warehouseSchema.parse(warehouse), staffId);
  }
}
