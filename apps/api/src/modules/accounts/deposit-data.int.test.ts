import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { AccountDetailsService } from './account-details.service';
import { callAs } from './account-details.test-support';

const BANAMEX = '002010077777777771';
const IXE = '032180000118359719';
const STP = '646180157000000004';

describe('account details: deposit data', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  /** Reads deposits but cannot change the company's settings. */
  let treasurer: TestUser;
  /** Neither settings.my_company nor finances.deposits. */
  let shipper: TestUser;
  let stranger: TestUser;
  let organizationId: string;

  let call: ReturnType<typeof callAs>;
  const get = (user: TestUser) => call(user, 'GET', '/organization/deposit-data');
  const put = (user: TestUser, payload: object, language = 'es') =>
    call(user, 'PUT', '/organization/deposit-data', payload, language);

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callAs(ctx.app);
    const merchant = await createTestMerchant(ctx);
    organizationId = merchant.organization.id;
    owner = merchant.user;
    treasurer = await createTestUser(ctx, { organizationId, permissions: ['finances.deposits'] });
    shipper = await createTestUser(ctx, { organizationId, permissions: ['shipments.pickup'] });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  it('answers null before any CLABE is saved', async () => {
    expect((await get(owner)).json()).toEqual({ data: null });
  });

  it('saves the CLABE (spaces allowed) and names its bank', async () => {
    const response = await put(owner, { clabe: '002 010 07777777777 1' });
    expect(response.statusCode).toBe(200);
    const saved = {
      clabe: BANAMEX,
      bank: { code: '002', name: 'Banamex' },
      updated_at: '2026-03-02T16:00:00.000Z',
    };
    expect(response.json().data).toEqual(saved);
    expect((await get(owner)).json().data).toEqual(saved);
  });

  it('replaces it; a bank outside the table keeps its code without a name', async () => {
    const response = await put(owner, { clabe: IXE });
    expect(response.json().data.bank).toEqual({ code: '032', name: null });
    await put(owner, { clabe: BANAMEX });
    // Saving the same CLABE again is fine.
    expect((await put(owner, { clabe: BANAMEX })).statusCode).toBe(200);
  });

  it('refuses a wrong check digit and a wrong length, in Spanish and English', async () => {
    const wrongDigit = await put(owner, { clabe: '002010077777777772' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos marcados.',
      fields: {
        clabe: 'El dígito verificador de la CLABE no es correcto. Revisa que esté bien escrita.',
      },
    });
    const short = await put(owner, { clabe: '00201007777' }, 'en');
    expect(short.json().error.fields).toEqual({ clabe: 'The CLABE has 18 digits.' });
    expect((await get(owner)).json().data.clabe).toBe(BANAMEX);
  });

  it('refuses a CLABE another organization holds, in Spanish and English', async () => {
    const es = await put(stranger, { clabe: BANAMEX });
    expect(es.statusCode).toBe(409);
    expect(es.json().error).toEqual({
      code: 'CLABE_TAKEN',
      message: 'Esta CLABE ya está registrada por otra organización.',
      fields: { clabe: 'Esta CLABE ya está registrada por otra organización.' },
    });
    const en = await put(stranger, { clabe: BANAMEX }, 'en');
    expect(en.json().error.fields).toEqual({
      clabe: 'This CLABE is already registered by another organization.',
    });
    expect((await get(stranger)).json()).toEqual({ data: null });
    expect((await get(owner)).json().data.clabe).toBe(BANAMEX);
  });

  it('lets only one of two organizations claiming the same CLABE at once win', async () => {
    const other = (await createTestMerchant(ctx, 'Tercera Tienda')).user;
    const answers = await Promise.all([put(stranger, { clabe: STP }), put(other, { clabe: STP })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('matches a CLABE to its organization for the wallet', async () => {
    const details = new AccountDetailsService({ ...ctx, files: null as never });
    expect(await details.organizationOfClabe(BANAMEX)).toBe(organizationId);
    expect(await details.organizationOfClabe(IXE)).toBeNull();
  });

  it('is read with finances.deposits too, but changed only with settings.my_company', async () => {
    expect((await get(treasurer)).json().data.clabe).toBe(BANAMEX);
    expect((await put(treasurer, { clabe: IXE })).statusCode).toBe(403);
    const forbidden = await get(shipper);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await put(shipper, { clabe: IXE })).statusCode).toBe(403);
    expect((await get(owner)).json().data.clabe).toBe(BANAMEX);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/organization/deposit-data',
    });
    expect(response.statusCode).toBe(401);
  });
});
