/** One error the API can answer with: its HTTP status and its message in each language. */
export interface ErrorDefinition {
  status: number;
  es: string;
  en: string;
}
