import type { ErrorDefinition } from '../error-definition';
import { CLASSIFICATION_STATUS_LABELS } from './rules';

/** Tariff classification (issue 24): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const CLASSIFICATION_ERRORS = {
  CLASSIFICATION_TRANSITION_REFUSED: {
    status: 409,
    es: 'Esta clasificación está «{from}» y no puede pasar a «{to}».',
    en: 'This classification is “{from}” and cannot move to “{to}”.',
    labels: { from: CLASSIFICATION_STATUS_LABELS, to: CLASSIFICATION_STATUS_LABELS },
  },
  CLASSIFICATION_ALREADY_OPEN: {
    status: 409,
    es: 'Estos productos ya tienen una clasificación en curso o publicada: {products}.',
    en: 'These products already have a classification under way or published: {products}.',
  },
  CLASSIFICATION_NOT_YOURS: {
    status: 409,
    es: 'Esta clasificación la tomó otra persona: {name}.',
    en: 'Someone else took this classification: {name}.',
  },
  CLASSIFICATION_REVIEWER_IS_CLASSIFIER: {
    status: 409,
    es: 'La revisión la hace una persona distinta de quien clasificó.',
    en: 'The review must be done by someone other than the classifier.',
  },
  CLASSIFICATION_RESULT_MISSING: {
    status: 409,
    es: 'Registra el resultado (fracción, NICO, fundamento y aranceles) antes de enviarlo a revisión.',
    en: 'Record the result (fracción, NICO, rationale and duties) before sending it to review.',
  },
  TARIFF_CODE_NOT_IN_FORCE: {
    status: 422,
    es: 'La fracción {code} no está vigente el {date} en el catálogo c_FraccionArancelaria del SAT.',
    en: 'Tariff code {code} is not in force on {date} in the SAT c_FraccionArancelaria catalogue.',
  },
  CLASSIFICATION_DICTAMEN_UNAVAILABLE: {
    status: 409,
    es: 'El dictamen se descarga cuando la clasificación está publicada.',
    en: 'The ruling can be downloaded once the classification is published.',
  },
} as const satisfies Record<string, ErrorDefinition>;
