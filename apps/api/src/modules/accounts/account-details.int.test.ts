import { ALL_PERMISSIONS } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { files } from '../../platform/files.tables';
import { callAs } from './account-details.test-support';

describe('account details: organization and logo', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  /** A member of the same organization without `settings.my_company`. */
  let member: TestUser;
  let stranger: TestUser;
  let organizationId: string;

  let call: ReturnType<typeof callAs>;

  const uploadLogo = (user: TestUser, file: { name: string; content: Buffer; type?: string }) => {
    const body = multipart(file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/organization/logo',
      payload: body.payload,
      headers: user.headers(body.headers),
    });
  };

  const storedLogos = () =>
    ctx.db.select().from(files).where(eq(files.organizationId, organizationId));

  const organization = {
    company: 'Comercial Jade',
    default_currency: 'USD',
    default_unit: 'lb',
    abbreviation: 'jade',
    time_zone: 'America/Tijuana',
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callAs(ctx.app);
    const merchant = await createTestMerchant(ctx, 'Comercio Prueba');
    organizationId = merchant.organization.id;
    owner = merchant.user;
    member = await createTestUser(ctx, {
      organizationId,
      permissions: ALL_PERMISSIONS.filter((key) => key !== 'settings.my_company'),
    });
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
  });
  afterAll(() => ctx.close());

  describe('GET /organization', () => {
    it('answers the caller organization to any member', async () => {
      const response = await call(member, 'GET', '/organization');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        id: organizationId,
        company: 'Comercio Prueba',
        logo_url: null,
        default_currency: 'MXN',
        default_unit: 'kg',
        abbreviation: 'CP',
        time_zone: 'America/Mexico_City',
      });
    });

    it('answers 401 without a session and 403 to a user without organization', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/organization' });
      expect(anonymous.statusCode).toBe(401);
      const staff = await createTestUser(ctx, { isStaff: true });
      expect((await call(staff, 'GET', '/organization')).statusCode).toBe(403);
    });
  });

  describe('PUT /organization', () => {
    it('saves company, currency, unit, abbreviation (upper case) and time zone', async () => {
      const response = await call(owner, 'PUT', '/organization', organization);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: organizationId,
        company: 'Comercial Jade',
        default_currency: 'USD',
        default_unit: 'lb',
        abbreviation: 'JADE',
        time_zone: 'America/Tijuana',
      });
      const me = await call(owner, 'GET', '/me');
      expect(me.json().data.organization).toMatchObject({
        company: 'Comercial Jade',
        time_zone: 'America/Tijuana',
      });
    });

    it('takes only the time zones of Mexico, and saves nothing otherwise', async () => {
      for (const time_zone of ['America/Bogota', 'Europe/Madrid', 'UTC', '', undefined]) {
        const response = await call(owner, 'PUT', '/organization', { ...organization, time_zone });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({
          time_zone: 'Selecciona una opción válida.',
        });
      }
      const saved = await call(owner, 'PUT', '/organization', {
        ...organization,
        time_zone: 'America/Cancun',
      });
      expect(saved.json().data.time_zone).toBe('America/Cancun');
      const bad = await call(owner, 'PUT', '/organization', {
        ...organization,
        time_zone: 'America/New_York',
      });
      expect(bad.statusCode).toBe(400);
      expect((await call(owner, 'GET', '/organization')).json().data.time_zone).toBe(
        'America/Cancun',
      );
    });

    it('refuses a company under 5 characters, in Spanish and English, and saves nothing', async () => {
      const payload = { ...organization, company: 'Jade', default_currency: 'EUR' };
      const es = await call(owner, 'PUT', '/organization', payload);
      expect(es.statusCode).toBe(400);
      expect(es.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Revisa los datos marcados.',
        fields: {
          company: 'La empresa debe tener al menos 5 caracteres.',
          default_currency: 'Selecciona una opción válida.',
        },
      });
      const en = await call(owner, 'PUT', '/organization', payload, 'en');
      expect(en.json().error.fields).toEqual({
        company: 'The company must have at least 5 characters.',
        default_currency: 'Choose a valid option.',
      });
      expect((await call(owner, 'GET', '/organization')).json().data.company).toBe(
        'Comercial Jade',
      );
    });

    it('answers 403 to a member without settings.my_company', async () => {
      const response = await call(member, 'PUT', '/organization', {
        ...organization,
        company: 'Tomada por otro',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect((await call(owner, 'GET', '/organization')).json().data.company).toBe(
        'Comercial Jade',
      );
    });

    it('changes only the caller organization', async () => {
      await call(stranger, 'PUT', '/organization', { ...organization, company: 'Otra Tienda 2' });
      expect((await call(owner, 'GET', '/organization')).json().data.company).toBe(
        'Comercial Jade',
      );
      expect((await call(stranger, 'GET', '/organization')).json().data.company).toBe(
        'Otra Tienda 2',
      );
    });
  });

  describe('logo', () => {
    it('takes a PNG, serves it to members and shows its URL on the organization', async () => {
      const png = sampleFiles.png(2048);
      const response = await uploadLogo(owner, {
        name: 'logo.png',
        content: png,
        type: 'image/png',
      });
      expect(response.statusCode).toBe(200);
      const { logo_url } = response.json().data;
      expect(logo_url).toMatch(/^\/api\/v1\/organization\/logo\?v=[0-9a-f-]{36}$/);
      expect((await call(owner, 'GET', '/me')).json().data.organization.logo_url).toBe(logo_url);

      const served = await ctx.app.inject({
        method: 'GET',
        url: logo_url,
        headers: member.headers(),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toMatch(/^inline;/);
      expect(served.rawPayload.equals(png)).toBe(true);
    });

    it('replaces it with a JPEG and then a WebP, keeping only the current file', async () => {
      const jpeg = await uploadLogo(owner, { name: 'logo.jpg', content: sampleFiles.jpeg() });
      expect(jpeg.statusCode).toBe(200);
      const webp = await uploadLogo(owner, { name: 'logo.webp', content: sampleFiles.webp() });
      expect(webp.statusCode).toBe(200);
      expect(webp.json().data.logo_url).not.toBe(jpeg.json().data.logo_url);

      const stored = await storedLogos();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ kind: 'webp', purpose: 'logo', uploadedBy: owner.id });
      const served = await call(owner, 'GET', '/organization/logo');
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('refuses a file over 1 MB with FILE_TOO_LARGE, and nothing changes', async () => {
      const before = (await call(owner, 'GET', '/organization')).json().data.logo_url;
      const response = await uploadLogo(owner, {
        name: 'grande.png',
        content: sampleFiles.png(1024 * 1024 + 1),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: 'El archivo supera el tamaño máximo de 1 MB.',
      });
      expect((await call(owner, 'GET', '/organization')).json().data.logo_url).toBe(before);
      expect(await storedLogos()).toHaveLength(1);
    });

    it('accepts exactly 1 MB', async () => {
      const response = await uploadLogo(owner, {
        name: 'justo.png',
        content: sampleFiles.png(1024 * 1024),
      });
      expect(response.statusCode).toBe(200);
      expect(await storedLogos()).toHaveLength(1);
    });

    it('refuses a disguised file with FILE_TYPE_NOT_ALLOWED, and nothing changes', async () => {
      const before = (await call(owner, 'GET', '/organization')).json().data.logo_url;
      const disguised = [
        { name: 'logo.png', content: sampleFiles.exe(), type: 'image/png' },
        { name: 'logo.png', content: Buffer.from('#!/bin/sh\nrm -rf /\n'), type: 'image/png' },
        // A real PDF is still not an image.
        { name: 'logo.png', content: sampleFiles.pdf(), type: 'image/png' },
      ];
      for (const file of disguised) {
        const response = await uploadLogo(owner, file);
        expect(response.statusCode).toBe(415);
        expect(response.json().error).toMatchObject({
          code: 'FILE_TYPE_NOT_ALLOWED',
          message: 'Este tipo de archivo no está permitido. Sube un archivo PNG, JPEG, WebP.',
        });
      }
      expect((await call(owner, 'GET', '/organization')).json().data.logo_url).toBe(before);
      expect(await storedLogos()).toHaveLength(1);
    });

    it('answers 400 FILE_REQUIRED for a request without a file', async () => {
      const response = await call(owner, 'POST', '/organization/logo', { logo: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('FILE_REQUIRED');
    });

    it('answers 403 to a member without settings.my_company, before reading the file', async () => {
      const before = await storedLogos();
      const upload = await uploadLogo(member, { name: 'logo.png', content: sampleFiles.png() });
      expect(upload.statusCode).toBe(403);
      const removal = await call(member, 'DELETE', '/organization/logo');
      expect(removal.statusCode).toBe(403);
      expect(await storedLogos()).toEqual(before);
    });

    it('keeps each organization to its own logo', async () => {
      const response = await call(stranger, 'GET', '/organization/logo');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    });

    it('removes the logo and its file', async () => {
      const response = await call(owner, 'DELETE', '/organization/logo');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.logo_url).toBeNull();
      expect(await storedLogos()).toHaveLength(0);
      expect((await call(member, 'GET', '/organization/logo')).statusCode).toBe(404);
      // Removing nothing is not an error.
      expect((await call(owner, 'DELETE', '/organization/logo')).statusCode).toBe(200);
    });
  });

  describe('GET /catalogs/sat', () => {
    it('answers the SAT option lists with our labels in the caller language', async () => {
      const es = (await call(member, 'GET', '/catalogs/sat')).json().data;
      expect(es.person_types).toEqual([
        { code: 'fisica', label: 'Persona física' },
        { code: 'moral', label: 'Persona moral' },
      ]);
      expect(es.payment_methods.map((method: { code: string }) => method.code)).toEqual([
        'PUE',
        'PPD',
      ]);
      expect(es.cfdi_uses.find((use: { code: string }) => use.code === 'G03')).toMatchObject({
        description: 'Gastos en general.',
        person_types: ['fisica', 'moral'],
      });
      const en = (await call(member, 'GET', '/catalogs/sat', undefined, 'en')).json().data;
      expect(en.person_types[1].label).toBe('Legal entity (persona moral)');
      expect(en.tax_regimes[0].description).toBe('General de Ley Personas Morales');
    });
  });
});
