// The accounts module's public surface (ARCHITECTURE §2): what other modules may import.
export type { AccountDetailsService } from './account-details.service';
export type { AccountSessions } from './account-sessions';
export { meView, permissionsOf, type Account } from './account-view';
export type { AccountsService } from './accounts.service';
export type { InvitationsService } from './invitations.service';
export type { OrganizationUsersService } from './organization-users.service';
export { accountQuery, type UserRow } from './users.repository';
export { withinOrganizationDays } from './organization-days';
