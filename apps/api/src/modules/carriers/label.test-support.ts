/**
 * A realistic label for the label renderers' tests (PDF and ZPL): Spanish accents everywhere,
 * company and interior numbers present, a long delivery reference.
 */
import type { LabelData } from './label-pdf';

export function sampleLabel(index = 0, overrides: Partial<LabelData> = {}): LabelData {
  return {
    trackingNumber: `DSP${String(7730000123 + index).padStart(12, '0')}MX`,
    carrierName: 'Estafeta',
    serviceName: 'Día Siguiente Terrestre',
    sandbox: true,
    // 21:30 on 4 March in Mexico City (UTC−6): the label must say 04/03/2025, not the UTC day.
    createdAt: new Date('2025-03-05T03:30:00Z'),
    origin: {
      name: 'Lucía Pérez Núñez',
      company: 'Artesanías Oaxaqueñas S.A. de C.V.',
      phone: '951 123 4567',
      street: 'Calle Macedonio Alcalá',
      exteriorNumber: '402',
      interiorNumber: 'B',
      neighborhood: 'Centro',
      city: 'Oaxaca de Juárez',
      state: 'Oaxaca',
      zip: '68000',
    },
    destination: {
      name: 'José Ángel Gutiérrez Treviño',
      company: 'Ferretería El Güero',
      phone: '81 8765 4321',
      street: 'Avenida Constitución Poniente',
      exteriorNumber: '1500',
      interiorNumber: 'Local 3',
      neighborhood: 'Zona Centro',
      city: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
      reference: 'Portón negro frente al parque; preguntar por Don Ángel',
    },
    packageNumber: 1,
    packageCount: 2,
    weightKg: '2.50',
    dimensionsCm: '30 × 20 × 15',
    reference: 'PED-10045',
    trackingUrl: `https://despacho.mx/rastreo/DSP${7730000123 + index}MX`,
    ...overrides,
  };
}
