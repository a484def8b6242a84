import type { OrganizationCreate, Session } from '@despacho/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { SessionsService } from './sessions.service';
import type { WizardTokens } from './wizard-tokens';

export interface WizardDeps {
  db: Db;
  accounts: AccountsService;
  sessions: SessionsService;
  wizardTokens: WizardTokens;
}

/** The last step of sign-up (`wizard/{token}`): the new user creates their organization. */
export class WizardService {
  constructor(private readonly deps: WizardDeps) {}

  /** `GET wizard/{token}`: who the wizard is for. */
  async info(token: string): Promise<{ email: string; name: string }> {
    const user = await this.deps.accounts.user(await this.deps.wizardTokens.verify(token));
    if (user.organizationId) throw new AppError('ORGANIZATION_EXISTS');
    return { email: user.email, name: user.name ?? '' };
  }

  /** `POST wizard/{token}`: creates the organization and signs its new owner in. */
  async complete(token: string, input: OrganizationCreate): Promise<Session> {
    const { accounts, db, sessions, wizardTokens } = this.deps;
    const userId = await wizardTokens.verify(token);
    return db.transaction(async (tx) => {
      await accounts.createOrganization(userId, input, tx);
      return sessions.start(await accounts.account(userId, tx), false, tx);
    });
  }
}
