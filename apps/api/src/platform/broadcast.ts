import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './db';

/**
 * Word between the API processes on one database, over PostgreSQL's LISTEN/NOTIFY: what one
 * process changes, every process hears about (the caller cache's invalidation). Listened on a
 * connection of its own, outside the pool. Messages sent while that connection was down are lost,
 * so on reconnecting every listener is called once, as if it had heard one.
 */
export class Broadcast {
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Per channel: the notify under way, and the one queued behind it for the calls since. */
  private readonly sending = new Map<string, Promise<unknown>>();
  private readonly next = new Map<string, Promise<void>>();
  private client: pg.Client | undefined;
  private stopped = false;

  constructor(private readonly deps: { db: Db; log?: FastifyBaseLogger }) {}

  /** Calls `listener` whenever any process (this one included) publishes on `channel`. */
  subscribe(channel: string, listener: () => void): void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
  }

  /**
   * Tells every process; the sender's own listeners hear it too. Under a burst of writes the
   * words are merged: while one is on its way, the calls that arrive share the single next one,
   * which still leaves after each of them, so no write goes unannounced.
   */
  publish(channel: string): Promise<void> {
    const pending = this.next.get(channel);
    if (pending) return pending;
    const previous = this.sending.get(channel) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(async () => {
        this.next.delete(channel);
        const sending = this.deps.db.$client.query('select pg_notify($1, $2)', [channel, '']);
        this.sending.set(channel, sending);
        try {
          await sending;
        } finally {
          if (this.sending.get(channel) === sending) this.sending.delete(channel);
        }
      });
    this.next.set(channel, next);
    return next;
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.client || this.listeners.size === 0) return;
    const client = new pg.Client(this.deps.db.$client.options);
    client.on('notification', (message) => this.tell(message.channel));
    client.on('error', (error) => {
      this.deps.log?.warn({ err: error }, 'broadcast connection lost');
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => {});
      // Whatever was said meanwhile went unheard.
      for (const channel of this.listeners.keys()) this.tell(channel);
      if (!this.stopped) void this.start().catch(() => {});
    });
    await client.connect();
    for (const channel of this.listeners.keys()) {
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    }
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private tell(channel: string) {
    for (const listener of this.listeners.get(channel) ?? []) listener();
  }
}
