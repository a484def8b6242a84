import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import { createOwnerAndOther, createTestUser, type TestUser } from '../../../test/users';
import { ENTRY_PHOTOS_JOB } from './receiving.service';
import { createTenantEntry, samplePhoto } from './entries.test-support';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Incident photos staff uploaded but no incident named are deleted after a day, with files. */
describe('the sweep of unattached entry photos', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let staff: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner } = await createOwnerAndOther(ctx));
    staff = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  const upload = async (entryId: string) => {
    const form = multipart({ name: 'foto.png', content: await samplePhoto() });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/staff/receiving/${entryId}/photos`,
      headers: staff.headers(form.headers),
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json().data as { id: string }).id;
  };
  const filesOf = async (photoIds: string[]) =>
    (
      await ctx.db.$client.query<{ organization_id: string; id: string }>(
        `select f.organization_id, f.id from files f join entry_photos p
           on f.id in (p.file_id, p.thumbnail_file_id) where p.id = any($1)`,
        [photoIds],
      )
    ).rows;
  const photosLeft = async (photoIds: string[]) =>
    (
      await ctx.db.$client.query<{ id: string }>(
        'select id from entry_photos where id = any($1) order by id',
        [photoIds],
      )
    ).rows.map((row) => row.id);
  /** Enqueues the sweep due at `now` and runs what is due, as the worker would. */
  const sweepAt = async (now: Date) => {
    await ctx.app.jobs.enqueue(ctx.db, ENTRY_PHOTOS_JOB, {}, now);
    const result = await ctx.app.jobs.runDue(now);
    expect(result.failed).toBe(0);
    expect(result.ran).toBeGreaterThanOrEqual(1);
  };

  it('deletes a day-old photo no incident named, rows and files; keeps attached and fresh ones', async () => {
    const start = ctx.clock.now();
    const { entryId, entryPhotoId: attached } = await createTenantEntry(
      ctx,
      owner,
      organizationId,
      staff,
    );
    const stale = await upload(entryId);
    // A few minutes later (within the session's token): a day after the first, not after this.
    ctx.clock.advance(5 * MINUTE_MS);
    const fresh = await upload(entryId);
    const staleFiles = await filesOf([stale]);
    expect(staleFiles).toHaveLength(2);
    const keptFiles = await filesOf([attached, fresh]);
    expect(keptFiles).toHaveLength(4);
    const all = [attached, stale, fresh];

    await sweepAt(new Date(start.getTime() + 23 * HOUR_MS));
    expect(await photosLeft(all)).toEqual([...all].sort());

    await sweepAt(new Date(start.getTime() + 24 * HOUR_MS + 2 * MINUTE_MS));
    expect(await photosLeft(all)).toEqual([attached, fresh].sort());
    const root = ctx.app.services.config.DATA_DIR;
    const { rows } = await ctx.db.$client.query('select id from files where id = any($1)', [
      staleFiles.map((file) => file.id),
    ]);
    expect(rows).toEqual([]);
    for (const file of staleFiles) {
      expect(existsSync(path.join(root, 'files', file.organization_id, file.id))).toBe(false);
    }
    expect(await filesOf([attached, fresh])).toHaveLength(4);
    for (const file of keptFiles) {
      expect(existsSync(path.join(root, 'files', file.organization_id, file.id))).toBe(true);
    }
  });
});
