import {
  bankOfClabe,
  errorMessage,
  publicLogoUrl,
  type DepositData,
  type DepositDataUpdate,
  type Language,
  type Organization,
  type OrganizationUpdate,
  type TaxInfo,
  type TaxInfoUpdate,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore, StoredFile } from '../../platform/files';
import { organizationView } from './account-view';
import * as repository from './account-details.repository';

function taxInfoView(row: repository.TaxInfoRow): TaxInfo {
  return {
    legal_name: row.legalName,
    person_type: row.personType,
    zip_code: row.zipCode,
    tax_regime: row.taxRegime,
    payment_form: row.paymentForm,
    payment_method: row.paymentMethod,
    cfdi_use: row.cfdiUse,
    tax_id: row.taxId,
    updated_at: row.updatedAt.toISOString(),
  };
}

function depositDataView(row: repository.DepositAccountRow): DepositData {
  return {
    clabe: row.clabe,
    bank: { code: row.clabe.slice(0, 3), name: bankOfClabe(row.clabe)?.name ?? null },
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The account details of an organization (`settings/details`): company data and logo, tax
 * information for invoices, and the deposit account. Always scoped by the caller's organization.
 */
export class AccountDetailsService {
  constructor(private readonly deps: { db: Db; clock: Clock; files: FileStore }) {}

  async organization(organizationId: string): Promise<Organization> {
    const row = await repository.findOrganization(this.deps.db, organizationId);
    if (!row) throw notFound();
    return organizationView(row);
  }

  async updateOrganization(organizationId: string, input: OrganizationUpdate) {
    const row = await repository.updateOrganization(this.deps.db, organizationId, {
      company: input.company,
      defaultCurrency: input.default_currency,
      defaultUnit: input.default_unit,
      abbreviation: input.abbreviation,
      timeZone: input.time_zone,
      updatedAt: this.deps.clock.now(),
    });
    if (!row) throw notFound();
    return organizationView(row);
  }

  /** The stored logo file, or NOT_FOUND when the organization has none. */
  async logo(organizationId: string): Promise<StoredFile> {
    const row = await repository.findOrganization(this.deps.db, organizationId);
    if (!row?.logoFileId) throw notFound();
    return this.deps.files.find(organizationId, row.logoFileId);
  }

  /**
   * A current logo for anyone (`publicLogoUrl`), named neutrally so the uploaded file's name
   * stays private; NOT_FOUND for a file that is not an organization's logo now.
   */
  async publicLogo(fileId: string): Promise<StoredFile> {
    const owner = await repository.findOrganizationByLogo(this.deps.db, fileId);
    if (!owner) throw notFound();
    const file = await this.deps.files.find(owner.id, fileId);
    return { ...file, originalName: 'logo' };
  }

  /** What a page without sign-in shows of the organization: its trade name and logo. */
  async publicBrand(organizationId: string): Promise<{ name: string; logo_url: string | null }> {
    const row = await repository.findOrganization(this.deps.db, organizationId);
    if (!row) throw notFound();
    return { name: row.company, logo_url: row.logoFileId ? publicLogoUrl(row.logoFileId) : null };
  }

  /**
   * Makes a file just received the organization's logo, and forgets the previous one once the
   * change is committed. Should the change fail, the new file is forgotten instead.
   */
  async useLogo(organizationId: string, file: StoredFile): Promise<Organization> {
    try {
      return await this.swapLogo(organizationId, file.id);
    } catch (error) {
      await this.deps.files.remove(file);
      throw error;
    }
  }

  removeLogo(organizationId: string): Promise<Organization> {
    return this.swapLogo(organizationId, null);
  }

  private async swapLogo(organizationId: string, fileId: string | null) {
    const { row, previous } = await this.deps.db.transaction(async (tx) => {
      const current = await repository.findOrganization(tx, organizationId, true);
      if (!current) throw notFound();
      const updated = await repository.updateOrganization(tx, organizationId, {
        logoFileId: fileId,
        updatedAt: this.deps.clock.now(),
      });
      return { row: updated!, previous: current.logoFileId };
    });
    if (previous && previous !== fileId) {
      const old = await this.deps.files.find(organizationId, previous).catch(() => null);
      if (old) await this.deps.files.remove(old);
    }
    return organizationView(row);
  }

  /** With `db`, read inside that transaction (billing invoices in the credit's). */
  async taxInfo(organizationId: string, db: DbOrTx = this.deps.db): Promise<TaxInfo | null> {
    const row = await repository.findTaxInfo(db, organizationId);
    return row ? taxInfoView(row) : null;
  }

  /** The payload is valid as a whole (the schema checks SAT's combinations) before it gets here. */
  async saveTaxInfo(organizationId: string, input: TaxInfoUpdate): Promise<TaxInfo> {
    const row = await repository.saveTaxInfo(this.deps.db, organizationId, {
      legalName: input.legal_name,
      personType: input.person_type,
      zipCode: input.zip_code,
      taxRegime: input.tax_regime,
      paymentForm: input.payment_form,
      paymentMethod: input.payment_method,
      cfdiUse: input.cfdi_use,
      taxId: input.tax_id,
      updatedAt: this.deps.clock.now(),
    });
    return taxInfoView(row);
  }

  async depositData(organizationId: string): Promise<DepositData | null> {
    const row = await repository.findDepositAccount(this.deps.db, organizationId);
    return row ? depositDataView(row) : null;
  }

  /** CLABE_TAKEN (409, with the message under the field) when another organization has it. */
  async saveDepositData(
    organizationId: string,
    input: DepositDataUpdate,
    language: Language,
  ): Promise<DepositData> {
    const row = await repository.saveDepositAccount(
      this.deps.db,
      organizationId,
      input.clabe,
      this.deps.clock.now(),
    );
    if (!row) {
      throw new AppError('CLABE_TAKEN', {}, { clabe: errorMessage('CLABE_TAKEN', language) });
    }
    return depositDataView(row);
  }

  /** The organization that sends deposits from this CLABE (for the wallet's reconciliation). */
  async organizationOfClabe(clabe: string): Promise<string | null> {
    const row = await repository.findDepositAccountByClabe(this.deps.db, clabe);
    return row?.organizationId ?? null;
  }
}
