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
  private client: pg.Client | undefined;
  private stopped = false;

  constructor(private readonly deps: { db: Db; log?: FastifyBaseLogger }) {}

  /** Calls `listener` whenever any process (this one included) publishes on `channel`. */
  subscribe(channel: string, listener: () => void): void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
  }

  /** Tells every process; the sender's own listeners hear it too. */
  async publish(channel: string): Promise<void> {
    await this.deps.db.$client.query('select pg_notify($1, $2)', [channel, '']);
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
