// The auth module's public surface (ARCHITECTURE §2): what other modules may import.
export type { PasswordsService } from './passwords.service';
export type { SessionsService } from './sessions.service';
export type { SignupService } from './signup.service';
export type { VerificationService } from './verification.service';
export type { WizardService } from './wizard.service';
