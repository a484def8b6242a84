import type { Language } from './language';

/** One error the API can answer with: its HTTP status and its message in each language. */
export interface ErrorDefinition {
  status: number;
  es: string;
  en: string;
  /**
   * Params whose value is a code (a status) the message names by its label in each language;
   * the answer's `details` keep the code itself.
   */
  labels?: Readonly<Record<string, Readonly<Record<string, Readonly<Record<Language, string>>>>>>;
}
