import { STORE_PLATFORMS, type StorePlatform } from '@despacho/domain';

/**
 * The platform a consent screen sent the browser back from: our `state` starts with
 * `<platform>.`; null when the URL is not such a return (no `code` or an unknown prefix).
 */
export function authorizationReturn(
  params: URLSearchParams,
): { platform: StorePlatform; query: Record<string, string> } | null {
  const state = params.get('state');
  if (!params.get('code') || !state) return null;
  const prefix = state.slice(0, state.indexOf('.'));
  const platform = STORE_PLATFORMS.find((candidate) => candidate === prefix);
  return platform ? { platform, query: Object.fromEntries(params) } : null;
}
