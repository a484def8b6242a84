/**
 * The translation namespaces the signed-out screens use (sign-in, sign-up, password recovery):
 * the first screen downloads these alone. Every other namespace is in the app's part, which a
 * route's loader fetches before any other screen renders (`app/routes.tsx`). Read by the build
 * too (vite.config.ts), which writes each part of each language as a chunk of its own.
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['common', 'auth'];

export type TextPart = 'public' | 'app';

export const textPart = (namespace: string): TextPart =>
  PUBLIC_NAMESPACES.includes(namespace) ? 'public' : 'app';
