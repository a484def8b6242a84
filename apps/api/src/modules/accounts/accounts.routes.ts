import {
  changeLanguageQuerySchema,
  meSchema,
  profileUpdateSchema,
  userSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AppModule } from '../services';
import { accountOf, meView } from './account-view';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const userAnswer = z.object({ data: userSchema });

/** The signed-in user's own account: `GET me`, `PUT users`, `PATCH user/change-language`. */
export const accountsRoutes: AppModule = async (app, deps) => {
  const { accounts } = deps;
  const signedIn = { config: { access: 'signed-in' as const } };

  app.get(
    '/me',
    { ...signedIn, schema: { tags, security, response: { 200: z.object({ data: meSchema }) } } },
    async (request) => ({
      data: meView(accountOf(request)),
    }),
  );

  app.put(
    '/users',
    {
      ...signedIn,
      schema: { tags, security, body: profileUpdateSchema, response: { 200: userAnswer } },
    },
    async (request) => ({
      data: await accounts.updateProfile(authOf(request).userId, request.body),
    }),
  );

  app.patch(
    '/user/change-language',
    {
      ...signedIn,
      schema: {
        tags,
        security,
        querystring: changeLanguageQuerySchema,
        response: { 200: userAnswer },
      },
    },
    async (request) => ({
      data: await accounts.changeLanguage(authOf(request).userId, request.query.language),
    }),
  );
};
