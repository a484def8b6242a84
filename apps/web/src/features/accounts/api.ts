import type { Language, Me, User } from '@despacho/domain';
import { http, unwrap, type ApiData } from '../../lib/http';

export const accountsApi = {
  /** The signed-in user and organization as the server knows them now. */
  me: () => unwrap(http.get<ApiData<Me>>('/me')),
  /** Saves the user's language; the server answers the updated user. */
  changeLanguage: (language: Language) =>
    unwrap(http.patch<ApiData<User>>('/user/change-language', undefined, { language })),
};
