import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';

describe('operators’ console: failed background jobs', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let merchant: TestUser;
  let brokenUntilFixed = true;

  const call = (user: TestUser, method: 'GET' | 'POST', url: string) =>
    callAs(ctx.app, user, method, url, undefined, 'en');

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    merchant = (await createTestMerchant(ctx, 'Tienda Trabajos')).user;
    ctx.app.jobs.register(
      'test.carrier_sync',
      async () => {
        if (brokenUntilFixed) throw new Error('carrier answered 503');
      },
      { retryLimit: 1, retryDelaySeconds: 30 },
    );
  });
  afterAll(() => ctx.close());

  it('forbids every call to users who are not platform staff', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await call(merchant, 'GET', '/staff/jobs'),
      await call(merchant, 'POST', `/staff/jobs/${id}/retry`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/jobs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists a job retrying, then failed for good, and retries it once more, audited', async () => {
    const id = await ctx.app.jobs.enqueue(
      ctx.db,
      'test.carrier_sync',
      { guide: 'G1' },
      ctx.clock.now(),
    );
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toEqual({ ran: 0, failed: 1 });

    const retrying = await call(staff, 'GET', '/staff/jobs');
    expect(retrying.statusCode).toBe(200);
    expect(retrying.json().data).toEqual([
      expect.objectContaining({
        id,
        kind: 'test.carrier_sync',
        state: 'retry',
        retry_limit: 1,
        error: 'carrier answered 503',
        payload: { guide: 'G1' },
      }),
    ]);
    // Still retrying on its own: staff cannot push it.
    expect((await call(staff, 'POST', `/staff/jobs/${id}/retry`)).statusCode).toBe(404);

    ctx.clock.advance(60 * 60_000);
    // An hour on, the staff member signs in again (access tokens last 15 minutes).
    staff = await signIn(ctx, staff);
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toEqual({ ran: 0, failed: 1 });
    const failed = await call(staff, 'GET', '/staff/jobs?state=failed');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().meta.total).toBe(1);
    expect(failed.json().data[0]).toMatchObject({ id, state: 'failed' });
    expect((await call(staff, 'GET', '/staff/jobs?state=retry')).json().data).toEqual([]);

    brokenUntilFixed = false;
    const retried = await call(staff, 'POST', `/staff/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ id, state: 'retry' });
    const audit = await call(staff, 'GET', '/staff/audit');
    expect(audit.json().data[0]).toMatchObject({
      action: 'job.retry',
      subject_type: 'job',
      subject_id: id,
      actor_id: staff.id,
      before: { state: 'failed', kind: 'test.carrier_sync', error: 'carrier answered 503' },
      after: { state: 'retry' },
    });

    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toEqual({ ran: 1, failed: 0 });
    expect((await call(staff, 'GET', '/staff/jobs')).json().data).toEqual([]);
  });

  it('answers 404 for a job that does not exist', async () => {
    const response = await call(
      staff,
      'POST',
      '/staff/jobs/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
