// A test-only HTTP server that moves money through the real LedgerService, for the crash test
// (src/modules/wallet/ledger.crash.int.test.ts): no HTTP route debits the wallet yet, and the
// test needs credits and debits it can fire by the hundred and kill the process under.
//
//   DATABASE_URL=postgres://… node --import tsx apps/api/test/ledger-burst-server.ts
//
// POST /credit and POST /debit take { organizationId, key, amount } (centavos) and answer
// 200 { transactionId, replayed, walletBalance } once the movement has committed, or the ledger's
// error code. Prints "listening <port>" on stdout when it accepts connections.
import Fastify from 'fastify';
import { systemClock } from '../src/platform/clock';
import { connect } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { LedgerService } from '../src/modules/wallet/ledger.service';

interface Body {
  organizationId: string;
  key: string;
  amount: number;
}

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const db = connect(url, Number(process.env.POOL_SIZE ?? 20));
const ledger = new LedgerService({ db, clock: systemClock });
const app = Fastify();

const answer = async (
  move: () => Promise<{ transactionId: string; replayed: boolean; walletBalance: number }>,
) => {
  try {
    const { transactionId, replayed, walletBalance } = await move();
    return { status: 200, body: { transactionId, replayed, walletBalance } };
  } catch (error) {
    if (error instanceof AppError) return { status: 409, body: { code: error.code } };
    throw error;
  }
};

app.post<{ Body: Body }>('/credit', async (request, reply) => {
  const { organizationId, key, amount } = request.body;
  const { status, body } = await answer(() =>
    ledger.credit({
      organizationId,
      idempotencyKey: key,
      kind: 'deposit',
      amount,
      from: 'bank_clearing',
    }),
  );
  return reply.status(status).send(body);
});

app.post<{ Body: Body }>('/debit', async (request, reply) => {
  const { organizationId, key, amount } = request.body;
  const { status, body } = await answer(() =>
    ledger.debit({
      organizationId,
      idempotencyKey: key,
      kind: 'label',
      lines: [{ account: 'carrier_payable', amount }],
    }),
  );
  return reply.status(status).send(body);
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`listening ${new URL(address).port}`);
