import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, createTestUser, type TestUser, callAs } from '../../../test/users';
import { files } from '../../platform/files.tables';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
// Our own data folder, to look at what reached the disk.
const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-verification-'));

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(ctx.app, user, method, url, payload, 'en');

const upload = (
  user: TestUser,
  kind: string,
  file: { name: string; content: Buffer; type?: string },
  language = 'en',
) => {
  const body = multipart(file);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/verification/documents/${kind}`,
    payload: body.payload,
    headers: user.headers({ ...body.headers, 'x-language': language }),
  });
};

const uploadAll = async (user: TestUser) => {
  await upload(user, 'id', { name: 'ine.jpg', content: sampleFiles.jpeg(), type: 'image/jpeg' });
  await upload(user, 'address', { name: 'recibo-luz.pdf', content: sampleFiles.pdf() });
  await upload(user, 'tax_status', { name: 'csf.png', content: sampleFiles.png() });
};

const storedFileCount = async (organizationId: string) =>
  (await ctx.db.select().from(files)).filter((file) => file.organizationId === organizationId)
    .length;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('account verification: the merchant', () => {
  let owner: TestUser;

  beforeAll(async () => {
    owner = (await createTestMerchant(ctx, 'Tienda La Esperanza')).user;
  });

  it('starts not started, with no documents', async () => {
    const response = await call(owner, 'GET', '/verification');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'not_started',
      person_type: null,
      documents: { id: null, address: null, tax_status: null },
      submitted_at: null,
      reviewed_at: null,
      failure_reason: null,
    });
  });

  it('uploads each kind as PDF, JPEG or PNG and serves it back to the organization', async () => {
    const id = await upload(owner, 'id', {
      name: 'ine.jpg',
      content: sampleFiles.jpeg(500),
      type: 'image/jpeg',
    });
    expect(id.statusCode).toBe(200);
    expect(id.json().data.documents.id).toEqual({
      kind: 'id',
      file_name: 'ine.jpg',
      file_type: 'jpeg',
      size: 500,
      uploaded_at: '2026-03-02T16:00:00.000Z',
    });
    const address = await upload(owner, 'address', {
      name: 'recibo.pdf',
      content: sampleFiles.pdf(700),
    });
    expect(address.json().data.documents.address).toMatchObject({ file_type: 'pdf', size: 700 });
    const tax = await upload(owner, 'tax_status', { name: 'csf.png', content: sampleFiles.png() });
    expect(tax.json().data).toMatchObject({
      status: 'not_started',
      documents: { tax_status: { file_name: 'csf.png', file_type: 'png' } },
    });

    const served = await call(owner, 'GET', '/verification/documents/address');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename=recibo.pdf');
    expect(served.rawPayload.equals(sampleFiles.pdf(700))).toBe(true);
    const download = await call(owner, 'GET', '/verification/documents/address?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('replaces a document, forgetting the old file', async () => {
    const before = await storedFileCount(owner.organizationId!);
    const response = await upload(owner, 'id', {
      name: 'ine-nueva.png',
      content: sampleFiles.png(),
    });
    expect(response.json().data.documents.id).toMatchObject({ file_name: 'ine-nueva.png' });
    expect(await storedFileCount(owner.organizationId!)).toBe(before);
  });

  it('refuses a file over 1 MB while streaming, in the caller’s language', async () => {
    const before = (await call(owner, 'GET', '/verification')).json().data;
    const tooBig = sampleFiles.pdf(1024 * 1024 + 1);
    const en = await upload(owner, 'address', { name: 'grande.pdf', content: tooBig });
    expect(en.statusCode).toBe(413);
    expect(en.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than the maximum of 1 MB.',
    });
    const es = await upload(owner, 'address', { name: 'grande.pdf', content: tooBig }, 'es');
    expect(es.json().error.message).toBe('El archivo supera el tamaño máximo de 1 MB.');
    expect((await call(owner, 'GET', '/verification')).json().data).toEqual(before);
  });

  it('accepts a file of exactly 1 MB', async () => {
    const response = await upload(owner, 'address', {
      name: 'justo.pdf',
      content: sampleFiles.pdf(1024 * 1024),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.documents.address.size).toBe(1024 * 1024);
  });

  it('refuses a disguised upload (a .png that is an executable or a script) and changes nothing', async () => {
    const before = (await call(owner, 'GET', '/verification')).json().data;
    const filesBefore = await storedFileCount(owner.organizationId!);
    const disguised = [
      { name: 'ine.png', content: sampleFiles.exe(), type: 'image/png' },
      { name: 'ine.png', content: Buffer.from('#!/bin/sh\nrm -rf /\n'), type: 'image/png' },
      {
        name: 'ine.pdf',
        content: Buffer.from('<script>alert(1)</script>'),
        type: 'application/pdf',
      },
      // WebP is a real image, but not one of the types this document accepts.
      { name: 'ine.webp', content: sampleFiles.webp(), type: 'image/webp' },
    ];
    for (const file of disguised) {
      const response = await upload(owner, 'id', file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json().error).toEqual({
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: 'This file type is not allowed. Upload a PDF, JPEG, PNG file.',
        details: { allowed: 'PDF, JPEG, PNG' },
      });
    }
    expect((await call(owner, 'GET', '/verification')).json().data).toEqual(before);
    expect(await storedFileCount(owner.organizationId!)).toBe(filesBefore);
    const folder = readdirSync(path.join(dataDir, 'files', owner.organizationId!));
    expect(folder).toHaveLength(filesBefore);
  });

  it('refuses an unknown document kind and a request without a file', async () => {
    const unknown = await upload(owner, 'passport', { name: 'a.pdf', content: sampleFiles.pdf() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ kind: 'Choose a valid option.' });
    const empty = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/verification/documents/id',
      headers: owner.headers({ 'content-type': 'application/json', 'x-language': 'en' }),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('FILE_REQUIRED');
  });
});

describe('account verification: submit and review', () => {
  let staff: TestUser;

  beforeAll(async () => {
    staff = await createTestUser(ctx, { isStaff: true });
  });

  it('requires all three documents and the person type to submit', async () => {
    const { user } = await createTestMerchant(ctx, 'Papelería Sin Papeles');
    await upload(user, 'id', { name: 'ine.pdf', content: sampleFiles.pdf() });

    const incomplete = await call(user, 'POST', '/verification/submit', {
      person_type: 'individual',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error).toEqual({
      code: 'VERIFICATION_INCOMPLETE',
      message:
        'Upload your official ID, proof of address and tax status statement before submitting.',
      details: { missing: ['address', 'tax_status'] },
    });

    const noType = await call(user, 'POST', '/verification/submit', {});
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields).toEqual({ person_type: 'This field is required.' });
    const wrongType = await call(user, 'POST', '/verification/submit', { person_type: 'robot' });
    expect(wrongType.json().error.fields).toEqual({ person_type: 'Choose a valid option.' });
    expect((await call(user, 'GET', '/verification')).json().data.status).toBe('not_started');
  });

  it('goes through in process → failed (reason shown) → fixed and resubmitted → verified', async () => {
    const { organization, user } = await createTestMerchant(ctx, 'Abarrotes Don Chuy');
    await uploadAll(user);

    const submitted = await call(user, 'POST', '/verification/submit', { person_type: 'company' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({
      status: 'in_process',
      person_type: 'company',
      submitted_at: '2026-03-02T16:00:00.000Z',
      failure_reason: null,
    });

    // Under review, nothing changes: no new document, no second submission.
    const locked = await upload(user, 'id', { name: 'otra.pdf', content: sampleFiles.pdf() });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('VERIFICATION_IN_REVIEW');
    const again = await call(user, 'POST', '/verification/submit', { person_type: 'company' });
    expect(again.json().error.code).toBe('VERIFICATION_IN_REVIEW');

    // Staff see it and its documents.
    const detail = await call(staff, 'GET', `/staff/verifications/${organization.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      organization_id: organization.id,
      organization_name: 'Abarrotes Don Chuy',
      status: 'in_process',
      person_type: 'company',
      documents: {
        id: { file_name: 'ine.jpg', file_type: 'jpeg' },
        address: { file_name: 'recibo-luz.pdf' },
        tax_status: { file_name: 'csf.png' },
      },
    });
    const document = await call(
      staff,
      'GET',
      `/staff/verifications/${organization.id}/documents/id`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/jpeg');
    expect(document.headers['x-content-type-options']).toBe('nosniff');
    expect(document.rawPayload.equals(sampleFiles.jpeg())).toBe(true);

    ctx.clock.advance(600_000);
    const rejected = await call(staff, 'POST', `/staff/verifications/${organization.id}/reject`, {
      reason: '  La identificación está borrosa.  ',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'failed',
      failure_reason: 'La identificación está borrosa.',
      reviewed_at: '2026-03-02T16:10:00.000Z',
    });
    expect((await call(user, 'GET', '/verification')).json().data).toMatchObject({
      status: 'failed',
      failure_reason: 'La identificación está borrosa.',
    });
    const [warning] = (await call(user, 'GET', '/notifications')).json().data;
    expect(warning).toMatchObject({
      kind: 'WARNING',
      title: 'Your verification was rejected',
      body: 'Reason: La identificación está borrosa. Fix your documents and submit them again.',
      link: '/app/settings/verification',
    });
    const twice = await call(staff, 'POST', `/staff/verifications/${organization.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('VERIFICATION_NOT_IN_REVIEW');

    // Replacing a document clears the failure; the reason stays in sight until resubmitted.
    const replaced = await upload(user, 'id', {
      name: 'ine-clara.png',
      content: sampleFiles.png(),
    });
    expect(replaced.json().data).toMatchObject({
      status: 'not_started',
      failure_reason: 'La identificación está borrosa.',
      documents: { id: { file_name: 'ine-clara.png' } },
    });
    const resubmitted = await call(user, 'POST', '/verification/submit', {
      person_type: 'individual',
    });
    expect(resubmitted.json().data).toMatchObject({
      status: 'in_process',
      person_type: 'individual',
      failure_reason: null,
      reviewed_at: null,
    });

    ctx.clock.advance(60_000);
    const approved = await call(staff, 'POST', `/staff/verifications/${organization.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'verified', failure_reason: null });
    expect((await call(user, 'GET', '/verification')).json().data.status).toBe('verified');
    const [welcome] = (await call(user, 'GET', '/notifications')).json().data;
    expect(welcome).toMatchObject({
      kind: 'NOTIFICATION',
      title: 'Your account is verified',
      link: '/app/settings/verification',
    });
    const afterwards = await upload(user, 'id', { name: 'x.pdf', content: sampleFiles.pdf() });
    expect(afterwards.statusCode).toBe(409);
    expect(afterwards.json().error.message).toBe('Your account is already verified.');

    // Every review is in the audit log, with the verification before and after.
    const audit = await call(staff, 'GET', `/staff/audit?organization_id=${organization.id}`);
    expect(audit.json().meta.total).toBe(2);
    const [approval, rejection] = audit.json().data;
    expect(approval).toMatchObject({
      action: 'verification.approve',
      subject_type: 'verification',
      subject_id: organization.id,
      organization_id: organization.id,
      organization_name: 'Abarrotes Don Chuy',
      actor_id: staff.id,
      actor_email: expect.stringMatching(/@prueba\.mx$/),
      before: { status: 'in_process', person_type: 'individual', failure_reason: null },
      after: { status: 'verified', reviewed_at: '2026-03-02T16:11:00.000Z' },
    });
    expect(rejection).toMatchObject({
      action: 'verification.reject',
      before: { status: 'in_process', failure_reason: null, reviewed_at: null },
      after: { status: 'failed', failure_reason: 'La identificación está borrosa.' },
    });
    expect(Object.keys(rejection.after.documents).toSorted()).toEqual([
      'address',
      'id',
      'tax_status',
    ]);
  });

  it('requires a reason to reject, worded in the caller’s language, and changes nothing without one', async () => {
    const { organization, user } = await createTestMerchant(ctx, 'Farmacia Sin Motivo');
    await uploadAll(user);
    await call(user, 'POST', '/verification/submit', { person_type: 'individual' });
    const url = `/api/v1/staff/verifications/${organization.id}/reject`;

    for (const [language, message] of [
      ['es', 'Este campo es obligatorio.'],
      ['en', 'This field is required.'],
    ] as const) {
      for (const payload of [{}, { reason: '   ' }]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: staff.headers({ 'x-language': language }),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { reason: message },
        });
      }
    }
    const long = await call(staff, 'POST', `/staff/verifications/${organization.id}/reject`, {
      reason: 'x'.repeat(501),
    });
    expect(long.json().error.fields).toEqual({ reason: 'Enter at most 500 characters.' });
    expect((await call(user, 'GET', '/verification')).json().data.status).toBe('in_process');
  });

  it('lists the queue oldest submission first, filtered by status, with names', async () => {
    const { organization: first, user: firstUser } = await createTestMerchant(ctx, 'Primero SA');
    const { organization: second, user: secondUser } = await createTestMerchant(ctx, 'Segundo SA');
    await uploadAll(secondUser);
    await uploadAll(firstUser);
    ctx.clock.advance(60_000);
    await call(firstUser, 'POST', '/verification/submit', { person_type: 'company' });
    ctx.clock.advance(60_000);
    await call(secondUser, 'POST', '/verification/submit', { person_type: 'individual' });

    const queue = (await call(staff, 'GET', '/staff/verifications')).json();
    const ids = queue.data.map((item: { organization_id: string }) => item.organization_id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.data.every((item: { status: string }) => item.status === 'in_process')).toBe(true);
    expect(
      queue.data.find((item: { organization_id: string }) => item.organization_id === first.id),
    ).toEqual({
      organization_id: first.id,
      organization_name: 'Primero SA',
      status: 'in_process',
      person_type: 'company',
      submitted_at: expect.any(String),
      reviewed_at: null,
    });

    const verified = (await call(staff, 'GET', '/staff/verifications?status=verified')).json();
    expect(
      verified.data.map((item: { organization_name: string }) => item.organization_name),
    ).toEqual(['Abarrotes Don Chuy']);
    const paged = (await call(staff, 'GET', '/staff/verifications?pageSize=1')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 1, pageSize: 1 });
    const wrong = await call(staff, 'GET', '/staff/verifications?status=not_started');
    expect(wrong.statusCode).toBe(400);
  });

  it('answers 404 to staff for an organization that never submitted', async () => {
    const { organization, user } = await createTestMerchant(ctx, 'Borrador SA');
    await upload(user, 'id', { name: 'ine.pdf', content: sampleFiles.pdf() });
    for (const url of [
      `/staff/verifications/${organization.id}`,
      `/staff/verifications/${organization.id}/documents/id`,
    ]) {
      expect((await call(staff, 'GET', url)).statusCode, url).toBe(404);
    }
    const approve = await call(staff, 'POST', `/staff/verifications/${organization.id}/approve`);
    expect(approve.statusCode).toBe(404);
  });
});

describe('account verification: who may do what', () => {
  let merchant: TestUser;
  let organizationId: string;
  let staff: TestUser;

  beforeAll(async () => {
    const created = await createTestMerchant(ctx, 'Zapatería El Tacón');
    merchant = created.user;
    organizationId = created.organization.id;
    await uploadAll(merchant);
    await call(merchant, 'POST', '/verification/submit', { person_type: 'individual' });
    staff = await createTestUser(ctx, { isStaff: true });
  });

  it('forbids every staff call to merchants', async () => {
    const base = `/staff/verifications/${organizationId}`;
    const responses = await Promise.all([
      call(merchant, 'GET', '/staff/verifications'),
      call(merchant, 'GET', base),
      call(merchant, 'GET', `${base}/documents/id`),
      call(merchant, 'POST', `${base}/approve`),
      call(merchant, 'POST', `${base}/reject`, { reason: 'Yo mismo' }),
      call(merchant, 'GET', '/staff/audit'),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await call(merchant, 'GET', '/verification')).json().data.status).toBe('in_process');
  });

  it('keeps staff, who belong to no organization, off the merchant routes', async () => {
    for (const url of ['/verification', '/verification/documents/id']) {
      expect((await call(staff, 'GET', url)).statusCode, url).toBe(403);
    }
    const submit = await call(staff, 'POST', '/verification/submit', { person_type: 'company' });
    expect(submit.statusCode).toBe(403);
    const put = await upload(staff, 'id', { name: 'ine.pdf', content: sampleFiles.pdf() });
    expect(put.statusCode).toBe(403);
  });

  it('shows each organization only its own verification and documents', async () => {
    const other = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    expect((await call(other, 'GET', '/verification')).json().data).toMatchObject({
      status: 'not_started',
      documents: { id: null, address: null, tax_status: null },
    });
    // The other organization has no document of that kind: a foreign one looks missing.
    const foreign = await call(other, 'GET', '/verification/documents/id');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
  });

  it('keeps uploads, submissions and documents to "Mi empresa"; anyone in the organization reads the status', async () => {
    const clerk = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    expect((await call(clerk, 'GET', '/verification')).json().data.status).toBe('in_process');
    expect((await call(clerk, 'GET', '/verification/documents/id')).statusCode).toBe(403);
    const put = await upload(clerk, 'id', { name: 'ine.pdf', content: sampleFiles.pdf() });
    expect(put.statusCode).toBe(403);
    const submit = await call(clerk, 'POST', '/verification/submit', { person_type: 'company' });
    expect(submit.statusCode).toBe(403);
  });

  it('asks anonymous callers to sign in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/verification' });
    expect(response.statusCode).toBe(401);
  });
});
