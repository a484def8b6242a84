// The accounts module's public surface (ARCHITECTURE §2): what other modules may import.
export { AccountDetailsService } from './account-details.service';
export type { AccountSessions } from './account-sessions';
export { meView, permissionsOf, type Account } from './account-view';
export { AccountsService } from './accounts.service';
export { InvitationsService } from './invitations.service';
export { OrganizationUsersService } from './organization-users.service';
export { accountQuery, type UserRow } from './users.repository';
export { withinOrganizationDays } from './organization-days';
