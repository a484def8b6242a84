import type { QuoteRequestInput, ShipmentDetail } from '@despacho/domain';
import { useMemo, useReducer } from 'react';
import { PAY_STEP, QUOTE_STEP } from './components/wizard/model';

/** Where the create-shipment wizard stands, beside the form's own values. */
export interface WizardState {
  /** The open step (an index of `STEPS`). */
  active: number;
  /** What the quote step asks the API for; a new one only when the earlier steps changed. */
  quoteRequest: QuoteRequestInput | null;
  /** Said over the rates, e.g. that the quote expired and was asked again. */
  notice: string | null;
  /** Going on from the quote step (or paying) without a rate chosen. */
  chooseError: string | null;
  /** The open step has errors the merchant must fix before going on. */
  stepError: boolean;
  /** Why the carrier refused the guide (nothing was charged). */
  failure: string | null;
  /** The guide bought: the wizard shows it instead of the steps. */
  result: ShipmentDetail | null;
}

export const initialWizard: WizardState = {
  active: 0,
  quoteRequest: null,
  notice: null,
  chooseError: null,
  stepError: false,
  failure: null,
  result: null,
};

const sameRequest = (a: QuoteRequestInput | null, b: QuoteRequestInput | null) =>
  JSON.stringify(a) === JSON.stringify(b);

type Action =
  | { type: 'go'; step: number }
  | { type: 'advance'; step: number; quoteRequest?: QuoteRequestInput }
  | { type: 'stepInvalid'; step?: number }
  | { type: 'rateMissing'; message: string; toQuote: boolean }
  | { type: 'chooseRate' }
  | { type: 'payStarted' }
  | { type: 'requote'; notice: string }
  | { type: 'paymentFailed'; reason: string }
  | { type: 'fieldRejected'; step: number }
  | { type: 'purchased'; shipment: ShipmentDetail }
  | { type: 'startOver' };

export function wizardReducer(state: WizardState, action: Action): WizardState {
  switch (action.type) {
    case 'go':
      return { ...state, active: action.step, stepError: false, chooseError: null };
    case 'advance': {
      // The quote is asked again only when what it depends on changed; its notice goes with it.
      const request = action.quoteRequest;
      const requote = request !== undefined && !sameRequest(request, state.quoteRequest);
      return {
        ...state,
        active: action.step,
        stepError: false,
        chooseError: null,
        ...(requote && { quoteRequest: request, notice: null }),
      };
    }
    case 'stepInvalid':
      return { ...state, stepError: true, chooseError: null, active: action.step ?? state.active };
    case 'rateMissing':
      return {
        ...state,
        stepError: false,
        chooseError: action.message,
        active: action.toQuote ? QUOTE_STEP : state.active,
      };
    case 'chooseRate':
      // Choosing is the quote step's whole job: the merchant goes straight on to pay.
      return { ...state, chooseError: null, stepError: false, active: PAY_STEP };
    case 'payStarted':
      return { ...state, failure: null, stepError: false };
    case 'requote':
      return { ...state, notice: action.notice, active: QUOTE_STEP };
    case 'paymentFailed':
      return { ...state, failure: action.reason };
    case 'fieldRejected':
      return { ...state, active: action.step };
    case 'purchased':
      return { ...state, result: action.shipment };
    case 'startOver':
      return initialWizard;
  }
}

/** The wizard's state and the moves between its steps, in one reducer. */
export function useShipmentWizard() {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const moves = useMemo(
    () => ({
      go: (step: number) => dispatch({ type: 'go', step }),
      advance: (step: number, quoteRequest?: QuoteRequestInput) =>
        dispatch({ type: 'advance', step, quoteRequest }),
      stepInvalid: (step?: number) => dispatch({ type: 'stepInvalid', step }),
      rateMissing: (message: string, toQuote = false) =>
        dispatch({ type: 'rateMissing', message, toQuote }),
      chooseRate: () => dispatch({ type: 'chooseRate' }),
      payStarted: () => dispatch({ type: 'payStarted' }),
      requote: (notice: string) => dispatch({ type: 'requote', notice }),
      paymentFailed: (reason: string) => dispatch({ type: 'paymentFailed', reason }),
      fieldRejected: (step: number) => dispatch({ type: 'fieldRejected', step }),
      purchased: (shipment: ShipmentDetail) => dispatch({ type: 'purchased', shipment }),
      startOver: () => dispatch({ type: 'startOver' }),
    }),
    [],
  );
  return { ...state, ...moves };
}
