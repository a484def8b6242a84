import type { TaxInfoDraftValues } from './account-details';

/**
 * Tax information for tests, with SAT's own test taxpayers (the CSD de pruebas): real-format
 * RFCs with the right check digit. Not exported from the package index.
 */
export const SAT_TEST_COMPANY = {
  legal_name: 'Escuela Kemper Urgate',
  person_type: 'moral',
  zip_code: '42501',
  tax_regime: '601',
  payment_form: '03',
  payment_method: 'PUE',
  cfdi_use: 'G03',
  tax_id: 'eku9003173c9',
} as const satisfies TaxInfoDraftValues;

export const SAT_TEST_INDIVIDUAL = {
  legal_name: 'XOCHILT CASAS CHAVEZ',
  person_type: 'fisica',
  zip_code: '36257',
  tax_regime: '612',
  payment_form: '99',
  payment_method: 'PPD',
  cfdi_use: 'D01',
  tax_id: 'CACX7605101P8',
} as const satisfies TaxInfoDraftValues;
