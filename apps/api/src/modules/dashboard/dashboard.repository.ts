import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { firstStepsDismissals } from './dashboard.tables';

export async function firstStepsDismissed(db: DbOrTx, organizationId: string): Promise<boolean> {
  const count = await db.$count(
    firstStepsDismissals,
    eq(firstStepsDismissals.organizationId, organizationId),
  );
  return count > 0;
}

/** The first closing is the one kept. */
export async function dismissFirstSteps(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  dismissedAt: Date,
): Promise<void> {
  await db
    .insert(firstStepsDismissals)
    .values({ organizationId, dismissedBy: userId, dismissedAt })
    .onConflictDoNothing();
}
