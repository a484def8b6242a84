import type { Language, User } from '@despacho/domain';
import { http, unwrap, type ApiData } from '../../lib/http';

export const accountsApi = {
  /** Saves the user's language; the server answers the updated user. */
  changeLanguage: (language: Language) =>
    unwrap(http.patch<ApiData<User>>('/user/change-language', undefined, { language })),
};
