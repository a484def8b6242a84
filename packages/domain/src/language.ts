export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Reads an `x-language` header (or any user-supplied tag) into a supported language. */
export function parseLanguage(value: unknown): Language {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  const tag = value.trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(tag) ? (tag as Language) : DEFAULT_LANGUAGE;
}

/** Replaces `{name}` placeholders with the given values. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
