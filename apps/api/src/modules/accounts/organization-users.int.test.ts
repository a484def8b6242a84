import { ALL_PERMISSIONS, INVITATION_RULES, type Session } from '@despacho/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../test/users';
import {
  bearer,
  createAuthTestApp,
  expectError,
  latestMessage,
  login,
  newPerson,
  registrationFor,
  signUpOwner,
  TEST_PASSWORD,
} from '../auth/test-support';
import { roles } from './accounts.tables';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 3_600_000;
type Headers = Record<string, string>;

const api =
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}) =>
  ({ payload }: { payload?: object } = {}) =>
    ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

function invite(session: Session, payload: object) {
  return api('POST', 'users/organization-invitation', bearer(session))({ payload });
}

/** The token of the newest invitation mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  const body = (await latestMessage(ctx.db, email))?.body ?? '';
  const token = /\/invitation\?token=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

const validate = (token: string) => api('GET', `users/invitation/validate-token?token=${token}`)();

function accept(token: string, phone: string, overrides: object = {}) {
  return api(
    'POST',
    `users/create-by-invitation?invitation_code=${token}`,
  )({
    payload: { ...registrationFor(phone), ...overrides },
  });
}

/** Invites a new person into the owner's organization and accepts: answers their session. */
async function addUser(
  owner: Session,
  role: string,
  permissions?: string[],
  name = 'Ana',
): Promise<Session & { email: string }> {
  const person = newPerson(role);
  expect((await invite(owner, { email: person.email, role, permissions })).statusCode).toBe(201);
  const accepted = await accept(await mailedToken(person.email), person.phone, { name });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { ...(accepted.json().data as Session), email: person.email };
}

const getUser = (session: Session, id: string) => api('GET', `users/${id}`, bearer(session))();
const updateUser = (session: Session, id: string, payload: object) =>
  api('PUT', `users/update/${id}`, bearer(session))({ payload });
/** Changes only the role (the name stays the registration's). */
const setRole = (session: Session, id: string, role: string, permissions?: string[]) =>
  updateUser(session, id, { name: 'Ana', last_name: 'López', role, permissions });
const setStatus = (session: Session, id: string, status: 'active' | 'inactive') =>
  api('PUT', `user/${id}/status`, bearer(session))({ payload: { status } });

describe('POST users/organization-invitation', () => {
  it('mails the invitee a single link to the invitation screen and lists it as pending', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const email = newPerson('luis').email;
    const response = await invite(session, {
      email: email.toUpperCase(),
      name: 'Luis',
      role: 'member',
      permissions: ['shipments.pickup', 'dashboard'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      email,
      name: 'Luis',
      role: 'member',
      permissions: ['dashboard', 'shipments.pickup'],
      invited_by: 'Ana López',
      expired: false,
      expires_at: new Date(
        ctx.clock.now().getTime() + INVITATION_RULES.ttlDays * DAY,
      ).toISOString(),
    });

    const mail = await latestMessage(ctx.db, email);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: 'Ana López te invitó a Tienda de Prueba en Despacho',
    });
    expect(mail!.body).toContain('http://despacho.test/invitation?token=');
    expect(mail!.body).toContain('vence en 7 días');

    const pending = await api('GET', 'users/invitations', bearer(session))();
    expect(pending.json()).toEqual({
      data: [response.json().data],
      meta: { page: 1, pageSize: 20, total: 1 },
    });
  });

  it('replaces a pending invitation when the email is invited again: the old link stops working', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const email = newPerson().email;
    await invite(session, { email, role: 'shipping' });
    const first = await mailedToken(email);
    await invite(session, { email, role: 'administrator' });
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expectError(await validate(first), 400, 'TOKEN_INVALID');
    expect((await validate(second)).json().data.role).toBe('administrator');
    const pending = await api('GET', 'users/invitations', bearer(session))();
    expect(pending.json().meta.total).toBe(1);
  });

  it('refuses an email that already has a user, here or in another organization', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const member = await addUser(session, 'shipping');
    const again = await invite(session, {
      email: member.email,
      role: 'member',
      permissions: ['help'],
    });
    expectError(again, 409, 'USER_ALREADY_IN_ORGANIZATION');
    expect(again.json().error.message).toBe(
      'Este correo ya pertenece a un usuario de tu organización.',
    );

    const other = await signUpOwner(ctx.app, ctx.db, 'otra');
    const foreign = await invite(session, { email: other.email, role: 'administrator' });
    expectError(foreign, 409, 'EMAIL_IN_OTHER_ORGANIZATION');
    // The owner's own email is a user of this organization too.
    expectError(
      await invite(session, { email: member.email, role: 'owner' }),
      409,
      'USER_ALREADY_IN_ORGANIZATION',
    );
  });

  it('validates the role and asks a member for permissions', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const response = await api('POST', 'users/organization-invitation', {
      ...bearer(session),
      'x-language': 'en',
    })({ payload: { email: 'no-es-correo', role: 'member' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Enter a valid email.',
      permissions: 'Add at least one item.',
    });
    const noPermissions = await invite(session, { email: newPerson().email, role: 'member' });
    expect(noPermissions.json().error.fields).toEqual({
      permissions: 'Agrega al menos un elemento.',
    });
    const badRole = await invite(session, { email: newPerson().email, role: 'boss' });
    expect(badRole.json().error.fields).toEqual({ role: 'Selecciona una opción válida.' });
  });
});

describe('GET users/invitation/validate-token', () => {
  it('tells the invitee who invites them, to which organization and role', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    const email = newPerson().email;
    await invite(session, { email, name: 'Marta', role: 'shipping' });
    const response = await validate(await mailedToken(email));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      email,
      name: 'Marta',
      organization: 'Tienda de Prueba',
      inviter: 'Ana López',
      role: 'shipping',
    });
  });

  it('refuses unknown, used and withdrawn links, and expired ones after 7 days', async () => {
    const { session } = await signUpOwner(ctx.app, ctx.db);
    expectError(await validate('no-existe'), 400, 'TOKEN_INVALID');
    expectError(await api('GET', 'users/invitation/validate-token')(), 400, 'VALIDATION_FAILED');

    const used = newPerson();
    await invite(session, { email: used.email, role: 'shipping' });
    const usedToken = await mailedToken(used.email);
    expect((await accept(usedToken, used.phone)).statusCode).toBe(201);
    expectError(await validate(usedToken), 400, 'TOKEN_INVALID');
    expectError(await accept(usedToken, newPerson().phone), 400, 'TOKEN_INVALID');

    const withdrawn = newPerson().email;
    const created = await invite(session, { email: withdrawn, role: 'shipping' });
    const withdrawnToken = await mailedToken(withdrawn);
    const cancel = await api(
      'DELETE',
      `users/invitations/${created.json().data.id}`,
      bearer(session),
    )();
    expect(cancel.json()).toEqual({ data: { ok: true } });
    expectError(await validate(withdrawnToken), 400, 'TOKEN_INVALID');

    const late = newPerson();
    await invite(session, { email: late.email, role: 'shipping' });
    const lateToken = await mailedToken(late.email);
    ctx.clock.advance(INVITATION_RULES.ttlDays * DAY - 1000);
    try {
      expect((await validate(lateToken)).statusCode).toBe(200);
      ctx.clock.advance(1000);
      expectError(await validate(lateToken), 400, 'TOKEN_EXPIRED');
      expectError(await accept(lateToken, late.phone), 400, 'TOKEN_EXPIRED');
      const { session: fresh } = await signUpOwner(ctx.app, ctx.db);
      const listed = await api('GET', 'users/invitations', bearer(fresh))();
      expect(listed.json().data).toEqual([]);
    } finally {
      ctx.clock.advance(-INVITATION_RULES.ttlDays * DAY);
    }
  });
});

describe('POST users/create-by-invitation', () => {
  it('creates the user in the inviting organization with the invited permissions, signed in', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const person = newPerson();
    await invite(owner, {
      email: person.email,
      role: 'member',
      permissions: ['dashboard', 'help'],
    });
    const response = await accept(await mailedToken(person.email), person.phone, {
      name: 'Luis',
      last_name: 'Paz',
    });
    expect(response.statusCode).toBe(201);
    const session = response.json().data as Session;
    expect(session.refresh_token).toBeTruthy();
    expect(session.organization?.id).toBe(owner.organization?.id);
    expect(session.user).toMatchObject({
      email: person.email,
      name: 'Luis',
      last_name: 'Paz',
      role: 'member',
      permissions: ['dashboard', 'help'],
      home: 'dashboard',
      phone_verified: true,
    });

    // What the member may do, and what they may not.
    const summary = await api('GET', 'dashboard/summary', bearer(session))();
    expect(summary.statusCode).toBe(200);
    expectError(await api('GET', 'users', bearer(session))(), 403, 'FORBIDDEN');
    expectError(await getUser(session, owner.user.id), 403, 'FORBIDDEN');

    // The invitation link is the proof of the email: no SMS step, the password works at once.
    expect((await login(ctx.app, person.email)).statusCode).toBe(200);
  });

  it('gives a shipping-only invitee Shipment as home', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const shipping = await addUser(owner, 'shipping');
    expect(shipping.user).toMatchObject({ role: 'shipping', home: 'shipment' });
  });

  it('turns an unfinished sign-up with the invited email into the invited user', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const person = newPerson();
    const started = await api('POST', 'users')({ payload: { email: person.email } });
    expect(started.statusCode).toBe(201);
    await invite(owner, { email: person.email, role: 'administrator' });
    const response = await accept(await mailedToken(person.email), person.phone);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({
      id: started.json().data.id,
      role: 'administrator',
      permissions: ALL_PERMISSIONS,
    });
  });

  it('refuses when the email joined another organization meanwhile, and checks the form', async () => {
    const first = await signUpOwner(ctx.app, ctx.db);
    const second = await signUpOwner(ctx.app, ctx.db);
    const person = newPerson();
    await invite(first.session, { email: person.email, role: 'shipping' });
    const firstToken = await mailedToken(person.email);
    await invite(second.session, { email: person.email, role: 'shipping' });
    const secondToken = await mailedToken(person.email);
    expect((await accept(secondToken, person.phone)).statusCode).toBe(201);
    expectError(await accept(firstToken, person.phone), 409, 'EMAIL_IN_OTHER_ORGANIZATION');

    const another = newPerson();
    await invite(first.session, { email: another.email, role: 'shipping' });
    const invalid = await accept(await mailedToken(another.email), another.phone, {
      password_confirmation: 'Otra#2026',
      phone: '123',
    });
    expect(invalid.json().error.fields).toEqual({
      phone: 'El teléfono debe tener exactamente 10 dígitos.',
      password_confirmation: 'Las contraseñas no coinciden.',
    });
  });
});

describe('GET users', () => {
  it('lists the organization users by name with search, status filter and pages', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const zoe = await addUser(owner, 'shipping', undefined, 'Zoe');
    await addUser(owner, 'administrator', undefined, 'Bruno');
    const carla = await addUser(owner, 'member', ['help'], 'Carla');
    await setStatus(owner, carla.user.id, 'inactive');
    const list = (query = '') => api('GET', `users${query}`, bearer(owner))();

    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((user: { name: string }) => user.name)).toEqual([
      'Ana',
      'Bruno',
      'Carla',
      'Zoe',
    ]);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 20, total: 4 });
    const self = all.json().data[0];
    expect(self).toMatchObject({
      id: owner.user.id,
      role: 'owner',
      status: 'active',
      locks: { edit: null, role: 'LAST_OWNER', status: 'CANNOT_DEACTIVATE_SELF' },
    });

    expect((await list('?search=zo')).json().data.map((u: { id: string }) => u.id)).toEqual([
      zoe.user.id,
    ]);
    expect(
      (await list(`?search=${encodeURIComponent(carla.email.toUpperCase())}`)).json().meta.total,
    ).toBe(1);
    expect((await list('?search=Carla%20L%C3%B3pez')).json().meta.total).toBe(1);
    expect((await list('?search=%25')).json().meta.total).toBe(0);
    const inactive = (await list('?status=inactive')).json();
    expect(inactive.data.map((u: { name: string }) => u.name)).toEqual(['Carla']);
    expect((await list('?status=active')).json().meta.total).toBe(3);
    const page2 = (await list('?page=2&pageSize=3')).json();
    expect(page2).toMatchObject({ meta: { page: 2, pageSize: 3, total: 4 } });
    expect(page2.data.map((u: { name: string }) => u.name)).toEqual(['Zoe']);
    expectError(await list('?status=gone'), 400, 'VALIDATION_FAILED');
  });
});

describe('managing users', () => {
  it('reads and edits a user: name, role and permissions apply at their next call', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const member = await addUser(owner, 'member', ['dashboard', 'help']);
    const got = await getUser(owner, member.user.id);
    expect(got.json().data).toMatchObject({
      email: member.email,
      role: 'member',
      permissions: ['dashboard', 'help'],
      locks: { edit: null, role: null, status: null },
    });

    const updated = await updateUser(owner, member.user.id, {
      name: 'Rita',
      last_name: 'Mora',
      role: 'member',
      permissions: ['settings.users'],
    });
    expect(updated.statusCode).toBe(200);
    // The Dashboard, their home, comes along with anything outside Envíos.
    expect(updated.json().data).toMatchObject({
      name: 'Rita',
      last_name: 'Mora',
      permissions: ['dashboard', 'settings.users'],
    });
    // The member's open session follows at once: the menu (GET me) and the access checks.
    const me = await api('GET', 'me', bearer(member))();
    expect(me.json().data.user.permissions).toEqual(['dashboard', 'settings.users']);
    expect((await api('GET', 'users', bearer(member))()).statusCode).toBe(200);

    const pickupOnly = await setRole(owner, member.user.id, 'member', ['shipments.pickup']);
    expect(pickupOnly.json().data.permissions).toEqual(['shipments.pickup']);
    const home = await api('GET', 'me', bearer(member))();
    expect(home.json().data.user).toMatchObject({ home: 'shipment' });
    expectError(await api('GET', 'users', bearer(member))(), 403, 'FORBIDDEN');
    expectError(await api('GET', 'dashboard/summary', bearer(member))(), 403, 'FORBIDDEN');

    const shipping = await updateUser(owner, member.user.id, {
      name: 'Rita',
      last_name: 'Mora',
      role: 'shipping',
      permissions: ['settings.users'],
    });
    expect(shipping.json().data).toMatchObject({
      role: 'shipping',
      permissions: ['shipments.quick_quote', 'shipments.create_shipment', 'shipments.pickup'],
    });
  });

  it('routes PUT users/update/{id} and GET users/invitations apart from the sign-up and id routes', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const member = await addUser(owner, 'shipping');
    // The sign-up route `PUT users/{id}` is public and takes a registration: not this one.
    const anonymous = await api(
      'PUT',
      `users/update/${member.user.id}`,
    )({
      payload: { name: 'X', last_name: 'Y', role: 'shipping' },
    });
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const invitations = await api('GET', 'users/invitations', bearer(owner))();
    expect(invitations.statusCode).toBe(200);
    expect(invitations.json().meta).toBeDefined();
    expectError(await api('GET', 'users/not-a-uuid', bearer(owner))(), 400, 'VALIDATION_FAILED');
    const routes = ctx.app.declaredRoutes.filter((route) => route.url.includes('users'));
    // Managing users is a person's act: API keys are refused (`sessionOnly`).
    const manage = 'settings.users';
    const sessionOnly = true;
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: '/api/v1/users/:id', access: 'public' },
        { method: 'PUT', url: '/api/v1/users/update/:id', access: manage, sessionOnly },
        { method: 'GET', url: '/api/v1/users/:id', access: manage, sessionOnly },
        { method: 'GET', url: '/api/v1/users/invitations', access: manage, sessionOnly },
      ]),
    );
  });

  it("answers 404 for another organization's users and invitations", async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const other = await signUpOwner(ctx.app, ctx.db);
    const stranger = await addUser(other.session, 'shipping');
    const id = stranger.user.id;
    expectError(await getUser(owner, id), 404, 'NOT_FOUND');
    expectError(
      await updateUser(owner, id, { name: 'X', last_name: 'Y', role: 'shipping' }),
      404,
      'NOT_FOUND',
    );
    expectError(await setStatus(owner, id, 'inactive'), 404, 'NOT_FOUND');
    const invited = await invite(other.session, { email: newPerson().email, role: 'shipping' });
    expectError(
      await api('DELETE', `users/invitations/${invited.json().data.id}`, bearer(owner))(),
      404,
      'NOT_FOUND',
    );
    const list = await api('GET', 'users', bearer(owner))();
    expect(list.json().data.map((u: { id: string }) => u.id)).toEqual([owner.user.id]);
    // Nothing changed over there.
    expect((await getUser(other.session, id)).json().data.status).toBe('active');
  });

  it('refuses every management call to a user without settings.users', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const member = await addUser(owner, 'member', ['dashboard']);
    const headers = bearer(member);
    const calls = [
      api('GET', 'users', headers)(),
      api('GET', 'users/invitations', headers)(),
      api('GET', `users/${owner.user.id}`, headers)(),
      api(
        'POST',
        'users/organization-invitation',
        headers,
      )({
        payload: { email: newPerson().email, role: 'shipping' },
      }),
      api(
        'PUT',
        `users/update/${owner.user.id}`,
        headers,
      )({
        payload: { name: 'X', last_name: 'Y', role: 'shipping' },
      }),
      api('PUT', `user/${owner.user.id}/status`, headers)({ payload: { status: 'inactive' } }),
      api('DELETE', `users/invitations/${owner.user.id}`, headers)(),
    ];
    for (const response of await Promise.all(calls)) expectError(response, 403, 'FORBIDDEN');
  });
});

describe('owners and administrators', () => {
  it('never lets anyone deactivate themselves or remove the last owner', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const self = await setStatus(owner, owner.user.id, 'inactive');
    expectError(self, 409, 'CANNOT_DEACTIVATE_SELF');
    expect(self.json().error.message).toBe('No puedes desactivar tu propio usuario.');
    expectError(await setRole(owner, owner.user.id, 'administrator'), 409, 'LAST_OWNER');
    // Editing the last owner's name is fine.
    const renamed = await updateUser(owner, owner.user.id, {
      name: 'Ana María',
      last_name: 'López',
      role: 'owner',
    });
    expect(renamed.json().data.name).toBe('Ana María');

    // With a second owner, the first may step down; the second then is the last one.
    const second = await addUser(owner, 'owner');
    const stepDown = await setRole(owner, owner.user.id, 'administrator');
    expect(stepDown.json().data.role).toBe('administrator');
    expectError(await setRole(second, second.user.id, 'member', ['help']), 409, 'LAST_OWNER');
    expectError(await setStatus(second, second.user.id, 'inactive'), 409, 'CANNOT_DEACTIVATE_SELF');
  });

  it('lets only owners make, unmake or deactivate owners', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const admin = await addUser(owner, 'administrator');
    const ownerOnly = await invite(admin, { email: newPerson().email, role: 'owner' });
    expectError(ownerOnly, 403, 'OWNER_ONLY');
    expectError(await setRole(admin, owner.user.id, 'administrator'), 403, 'OWNER_ONLY');
    expectError(await setStatus(admin, owner.user.id, 'inactive'), 403, 'OWNER_ONLY');
    expectError(await setRole(admin, admin.user.id, 'owner'), 403, 'OWNER_ONLY');
    // Administrators manage everyone else.
    const shipping = await addUser(admin, 'shipping');
    expect((await setStatus(admin, shipping.user.id, 'inactive')).json().data.status).toBe(
      'inactive',
    );
    const listed = await api('GET', 'users', bearer(admin))();
    const ownerRow = listed.json().data.find((u: { id: string }) => u.id === owner.user.id);
    expect(ownerRow.locks).toEqual({
      edit: 'OWNER_ONLY',
      role: 'OWNER_ONLY',
      status: 'OWNER_ONLY',
    });
    // And the owner promotes the administrator.
    const promoted = await setRole(owner, admin.user.id, 'owner');
    expect(promoted.json().data.role).toBe('owner');
  });

  it('keeps a member with settings.users to granting what they hold', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const manager = await addUser(owner, 'member', ['settings.users', 'shipments.pickup']);
    expectError(
      await invite(manager, { email: newPerson().email, role: 'administrator' }),
      403,
      'PERMISSION_NOT_GRANTABLE',
    );
    expectError(
      await invite(manager, {
        email: newPerson().email,
        role: 'member',
        permissions: ['finances.deposits'],
      }),
      403,
      'PERMISSION_NOT_GRANTABLE',
    );
    const helper = await addUser(manager, 'member', ['shipments.pickup']);
    expect(helper.user.permissions).toEqual(['shipments.pickup']);
    const admin = await addUser(owner, 'administrator');
    expectError(
      await setStatus(manager, admin.user.id, 'inactive'),
      403,
      'PERMISSION_NOT_GRANTABLE',
    );
    expectError(
      await setRole(manager, manager.user.id, 'member', ['settings.users', 'finances.deposits']),
      403,
      'PERMISSION_NOT_GRANTABLE',
    );
  });
});

describe('PUT user/{id}/status', () => {
  it('ends a deactivated user’s sign-ins at once, refuses their login, and reactivates', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const member = await addUser(owner, 'shipping');
    const me = () => api('GET', 'me', bearer(member))();
    expect((await me()).statusCode).toBe(200);

    const deactivated = await setStatus(owner, member.user.id, 'inactive');
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().data.status).toBe('inactive');
    expectError(await me(), 401, 'SESSION_EXPIRED');
    const refresh = await api(
      'POST',
      'auth/refresh-token/create-access-token',
    )({
      payload: { refresh_token: member.refresh_token },
    });
    expectError(refresh, 401, 'REFRESH_TOKEN_INVALID');
    expectError(await login(ctx.app, member.email), 403, 'USER_INACTIVE');

    // Setting the same status again changes nothing.
    expect((await setStatus(owner, member.user.id, 'inactive')).statusCode).toBe(200);
    const reactivated = await setStatus(owner, member.user.id, 'active');
    expect(reactivated.json().data.status).toBe('active');
    const again = await login(ctx.app, member.email, TEST_PASSWORD);
    expect(again.statusCode).toBe(200);
    expectError(
      await setStatus(owner, member.user.id, 'paused' as 'active'),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('system roles', () => {
  it('creates a missing system role on first use, for organizations made before it existed', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    await ctx.db
      .delete(roles)
      .where(and(eq(roles.organizationId, owner.organization!.id), eq(roles.key, 'member')));
    const member = await addUser(owner, 'member', ['help']);
    expect(member.user).toMatchObject({ role: 'member', permissions: ['dashboard', 'help'] });
  });

  it('keeps custom roles working: a user whose role is not a system one holds its permissions', async () => {
    const { session: owner } = await signUpOwner(ctx.app, ctx.db);
    const custom = await createTestUser(ctx, {
      organizationId: owner.organization!.id,
      permissions: ['settings.users'],
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users',
      headers: custom.headers(),
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((u: { id: string }) => u.id === custom.id);
    expect(row.permissions).toEqual(['settings.users']);
  });
});
