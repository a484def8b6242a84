import type { AccountDetailsService, AccountsService } from '../accounts';
import type { Platform } from '../services';
import { BillingService, STAMP_INVOICE_JOB, stampInvoicePayload } from './billing.service';
import { FacturapiPac } from './facturapi-pac';
import { FacturapiWebhook, facturapiWebhookSecret } from './facturapi-webhook';
import { InvoiceCancellation, REFRESH_CANCELLATIONS_JOB } from './invoice-cancellation';
import { SandboxPac, type Pac } from './pac';

/** The configured PAC (decision 035): the sandbox unless CFDI_PAC names Facturapi. */
function pacOf({ config, providerCalls }: Platform): Pac {
  if (config.CFDI_PAC !== 'facturapi') return new SandboxPac();
  return new FacturapiPac({
    // config.ts refuses to start with CFDI_PAC=facturapi and no key.
    apiKey: config.FACTURAPI_API_KEY!,
    ...(config.FACTURAPI_BASE_URL ? { baseUrl: config.FACTURAPI_BASE_URL } : {}),
    providerCalls,
  });
}

/** CFDI invoices of the merchant's deposits and services, their cancellation and the PAC's webhook. */
export const buildBilling = (
  deps: Platform & { accounts: AccountsService; accountDetails: AccountDetailsService },
) => {
  const pac = pacOf(deps);
  const billing = new BillingService({ ...deps, pac });
  deps.jobs.register(STAMP_INVOICE_JOB, billing.stampJob, {
    payload: stampInvoicePayload,
    transaction: false,
    singletonKey: (payload) => payload.invoice_id,
  });
  const invoiceCancellation = new InvoiceCancellation({ ...deps, pac });
  deps.jobs.register(REFRESH_CANCELLATIONS_JOB, invoiceCancellation.refreshJob, {
    cron: '*/20 * * * *',
    transaction: false,
  });
  const pacWebhook = new FacturapiWebhook({
    ...deps,
    secret: facturapiWebhookSecret(deps.config),
    cancellation: invoiceCancellation,
  });
  return { billing, invoiceCancellation, pacWebhook };
};
