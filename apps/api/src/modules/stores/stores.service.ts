import type { StoreConnectData, StorePlatform, StoreView } from '@despacho/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { FileStore, StoredFile } from '../../platform/files';
import { AppError, notFound } from '../../platform/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/opaque-tokens';
import {
  StoreApiError,
  type AuthorizedStore,
  type ConnectRequest,
  type FulfilmentPush,
  type StoreAdapter,
  type StoreCredentials,
} from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { StoreOrderSink, StoreRef } from './store-order-sink';
import type { StoreSessions } from './store-sessions';
import * as repository from './stores.repository';
import type { StoreRow } from './stores.repository';

/** How long a consent screen's `state` stays valid. */
const AUTHORIZATION_TTL_MS = 10 * 60 * 1000;

/** The jobs the service starts; `store-sync.ts` handles them. */
export const STORE_JOBS = {
  processDelivery: 'stores.process-delivery',
  reconcile: 'stores.reconcile',
  reconcileAll: 'stores.reconcile-all',
  backfill: 'stores.backfill',
} as const;

/** The files of customer data exports (compliance requests). */
export const CUSTOMER_DATA_PURPOSE = 'stores.customer-data-request';

export interface StoresDeps {
  db: Db;
  files: Pick<FileStore, 'findMany'>;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  adapters: StoreAdapters;
  sessions: StoreSessions;
  jobs: Pick<Jobs, 'enqueue'>;
}

/** The store's reference as synced orders name it. */
export const refOf = (row: StoreRow): StoreRef => ({
  id: row.id,
  organizationId: row.organizationId,
  platform: row.platform,
  name: row.name,
});

/** Whether what the merchant granted falls short of what the app needs now (spec §1 notice). */
export function needsReapproval(row: StoreRow, adapter: StoreAdapter): boolean {
  const required = adapter.requiredGrant();
  const granted = new Set(row.scopes);
  if (required.scopes.some((scope) => !granted.has(scope))) return true;
  // Versions are dates (`2026-04`): an older or missing grant falls short.
  return required.apiVersion !== undefined && (row.apiVersion ?? '') < required.apiVersion;
}

/** Maps a platform's refusal while connecting to what the merchant reads. */
function connectError(
  error: unknown,
  refused: 'STORE_AUTHORIZATION_FAILED' | 'STORE_CREDENTIALS_REJECTED',
) {
  if (!(error instanceof StoreApiError)) return error;
  return new AppError(
    error.kind === 'auth' || error.kind === 'refused' || error.kind === 'not_found'
      ? refused
      : 'STORE_UNREACHABLE',
  );
}

/**
 * Stores (`settings/marketplaces`, issue 22): connecting (OAuth consent with a single-use state
 * bound to the caller, or WooCommerce's keys), status, re-authorization, disconnection, the
 * screen's views (never a credential), and the calls the orders module makes to a store. The
 * platform is always called with no transaction open.
 */
export class StoresService {
  private sink: StoreOrderSink | undefined;

  constructor(private readonly deps: StoresDeps) {}

  /** The orders module hands over where synced orders go (adding-a-domain §4). */
  deliverOrdersTo(sink: StoreOrderSink): void {
    this.sink = sink;
  }

  /** Where synced orders go; jobs fail (and retry) until the orders module handed it over. */
  orderSink(): StoreOrderSink {
    if (!this.sink) throw new Error('No order sink: the orders module has not handed it over');
    return this.sink;
  }

  get redirectUri(): string {
    return `${this.deps.config.APP_URL}/app/settings/marketplaces`;
  }

  /** Where a platform delivers a store's webhooks. */
  callbackUrl(row: Pick<StoreRow, 'platform' | 'id'>): string {
    const base = `${this.deps.config.APP_URL}/api/v1/webhooks/stores/${row.platform}`;
    return row.platform === 'woocommerce' ? `${base}/${row.id}` : base;
  }

  async list(organizationId: string): Promise<StoreView[]> {
    const rows = await repository.listConnected(this.deps.db, organizationId);
    const counts = await this.ordersCounts(organizationId, rows);
    return rows.map((row) => this.view(row, counts[row.id] ?? 0));
  }

  async get(organizationId: string, id: string): Promise<StoreView> {
    const row = await this.connected(organizationId, id);
    const counts = await this.ordersCounts(organizationId, [row]);
    return this.view(row, counts[row.id] ?? 0);
  }

  /** The store as the orders module names it (404 for another organization's). */
  async ref(organizationId: string, id: string): Promise<StoreRef> {
    return refOf(await this.connected(organizationId, id));
  }

  /** A customer data export prepared for a store's request (404 for any other file). */
  async customerData(organizationId: string, fileId: string): Promise<StoredFile> {
    const [file] = await this.deps.files.findMany(organizationId, [fileId], CUSTOMER_DATA_PURPOSE);
    if (!file) throw notFound();
    return file;
  }

  /** Whether the organization has a store that must be re-authorized (the dashboard's notice). */
  async hasStoreNeedingReapproval(organizationId: string): Promise<boolean> {
    const rows = await repository.listConnected(this.deps.db, organizationId);
    return rows.some((row) => this.healthOf(row) === 'needs_reapproval');
  }

  async connect(organizationId: string, userId: string, input: StoreConnectData) {
    const request = connectRequestOf(input);
    if (request.platform === 'woocommerce') {
      const authorized = await this.deps.adapters.woocommerce
        .authorize(request)
        .catch((error: unknown) => {
          throw connectError(error, 'STORE_CREDENTIALS_REJECTED');
        });
      const store = await this.saveAuthorized(organizationId, userId, 'woocommerce', authorized);
      return { authorize_url: null, store };
    }
    const authorizeUrl = await this.startConsent(
      organizationId,
      userId,
      request,
      request.platform === 'shopify' ? request.shopDomain : null,
    );
    return { authorize_url: authorizeUrl, store: null };
  }

  /** The consent screen again, for a store that must grant more (or whose grant was revoked). */
  async reauthorize(organizationId: string, userId: string, id: string) {
    const row = await this.connected(organizationId, id);
    // WooCommerce has no consent screen: its keys are typed again through `connect`.
    if (row.platform === 'woocommerce') {
      return { authorize_url: null, store: await this.get(organizationId, id) };
    }
    const request: ConnectRequest =
      row.platform === 'shopify'
        ? { platform: 'shopify', shopDomain: row.externalId }
        : { platform: 'mercadolibre' };
    const authorizeUrl = await this.startConsent(organizationId, userId, request, row.externalId);
    return { authorize_url: authorizeUrl, store: null };
  }

  /** Finishes a consent: the state must be this caller's, unused and recent. */
  async completeAuthorization(
    organizationId: string,
    userId: string,
    input: { platform: StorePlatform; query: Record<string, string> },
  ): Promise<StoreView> {
    const [platform, nonce] = (input.query.state ?? '').split('.', 2);
    if (platform !== input.platform || !nonce) throw new AppError('STORE_AUTHORIZATION_FAILED');
    const consent = await repository.consumeAuthorization(this.deps.db, hashOpaqueToken(nonce), {
      organizationId,
      userId,
      platform: input.platform,
    });
    if (!consent || consent.expiresAt <= this.deps.clock.now()) {
      throw new AppError('STORE_AUTHORIZATION_FAILED');
    }
    const authorized = await this.deps.adapters[input.platform]
      .authorize({ callbackQuery: input.query, redirectUri: this.redirectUri })
      .catch((error: unknown) => {
        throw connectError(error, 'STORE_AUTHORIZATION_FAILED');
      });
    // The consent was for one store: the platform must have authorized that one.
    if (consent.externalId && consent.externalId !== authorized.externalId) {
      throw new AppError('STORE_AUTHORIZATION_FAILED');
    }
    return this.saveAuthorized(organizationId, userId, input.platform, authorized);
  }

  async setStatus(organizationId: string, id: string, status: StoreRow['status']) {
    const row = await this.connected(organizationId, id);
    await repository.update(this.deps.db, row.id, { status });
    return this.get(organizationId, id);
  }

  /** Runs the reconciliation now (202: it runs in the background). */
  async sync(organizationId: string, id: string): Promise<StoreView> {
    const row = await this.connected(organizationId, id);
    if (row.status === 'disabled') throw new AppError('STORE_DISABLED');
    await this.deps.jobs.enqueue(
      this.deps.db,
      STORE_JOBS.reconcile,
      { storeId: row.id },
      this.deps.clock.now(),
    );
    return this.get(organizationId, id);
  }

  /** Erases the credentials first; revoking at the platform is best effort afterwards. */
  async disconnect(organizationId: string, id: string): Promise<void> {
    const row = await this.connected(organizationId, id);
    const credentials = row.credentials ? this.deps.sessions.open(row) : null;
    await repository.update(this.deps.db, row.id, {
      credentials: null,
      credentialsExpireAt: null,
      webhookSecret: null,
      disconnectedAt: this.deps.clock.now(),
    });
    const adapter = this.deps.adapters[row.platform];
    if (credentials && adapter.revoke) await adapter.revoke(credentials).catch(() => undefined);
  }

  /** Pushes a fulfilment's tracking to the store (the orders module's job; outside any transaction). */
  async pushFulfilment(organizationId: string, storeId: string, push: FulfilmentPush) {
    return this.call(organizationId, storeId, (adapter, credentials) =>
      adapter.pushFulfilment(credentials, push),
    );
  }

  /** Cancels an order at the store where the platform allows it (else `refused`). */
  async cancelAtStore(organizationId: string, storeId: string, externalId: string, reason: string) {
    await this.call(organizationId, storeId, (adapter, credentials) => {
      if (!adapter.cancelOrder) {
        throw new StoreApiError(
          'refused',
          `${adapter.platform} orders cannot be cancelled from here`,
        );
      }
      return adapter.cancelOrder(credentials, externalId, reason);
    });
  }

  private async call<T>(
    organizationId: string,
    storeId: string,
    action: (adapter: StoreAdapter, credentials: StoreCredentials) => Promise<T>,
  ): Promise<T> {
    const row = await this.connected(organizationId, storeId);
    if (row.status === 'disabled') throw new AppError('STORE_DISABLED');
    return this.deps.sessions.call(row, action);
  }

  private async startConsent(
    organizationId: string,
    userId: string,
    request: ConnectRequest,
    /** The store the consent must end up authorizing, when known (a shop, a re-authorization). */
    externalId: string | null,
  ): Promise<string> {
    const { token, hash } = newOpaqueToken();
    const state = `${request.platform}.${token}`;
    let url: string | null;
    try {
      url = this.deps.adapters[request.platform].authorizeUrl(request, state, this.redirectUri);
    } catch (error) {
      throw connectError(error, 'STORE_AUTHORIZATION_FAILED');
    }
    if (!url) throw new AppError('STORE_AUTHORIZATION_FAILED');
    const now = this.deps.clock.now();
    await repository.insertAuthorization(
      this.deps.db,
      {
        nonceHash: hash,
        organizationId,
        userId,
        platform: request.platform,
        externalId,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
      },
      now,
    );
    return url;
  }

  /**
   * Saves an authorized store: a new row, the organization's earlier row of the same store
   * (revived or re-authorized, so its synced orders stay its own), or STORE_ALREADY_CONNECTED
   * when another organization holds it. Then webhooks are registered and, for a new
   * connection, the backfill of its open orders starts.
   */
  private async saveAuthorized(
    organizationId: string,
    userId: string,
    platform: StorePlatform,
    authorized: AuthorizedStore,
  ): Promise<StoreView> {
    const adapter = this.deps.adapters[platform];
    const now = this.deps.clock.now();
    const row = await this.deps.db
      .transaction(async (tx) => {
        const holder = await repository.findByExternal(tx, platform, authorized.externalId);
        if (holder && holder.organizationId !== organizationId) {
          throw new AppError('STORE_ALREADY_CONNECTED');
        }
        const earlier =
          holder ??
          (await repository.findByExternal(tx, platform, authorized.externalId, organizationId));
        const id = earlier?.id ?? randomUUID();
        const values = {
          name: authorized.name,
          sandbox: adapter.sandbox,
          apiVersion: authorized.apiVersion ?? null,
          scopes: authorized.scopes ?? [],
          credentials: this.deps.sessions.seal(id, authorized.credentials),
          credentialsExpireAt: authorized.expiresAt ? new Date(authorized.expiresAt) : null,
          health: 'ok' as const,
        };
        // WooCommerce signs with a secret we choose per store, given to it with the webhooks.
        const webhookSecret =
          platform === 'woocommerce'
            ? this.deps.sessions.seal(id, randomBytes(32).toString('base64url'))
            : null;
        if (earlier && !earlier.disconnectedAt) {
          return repository.update(tx, id, values);
        }
        const connection = {
          ...values,
          webhookSecret,
          status: 'enabled' as const,
          connectedBy: userId,
          connectedAt: now,
          disconnectedAt: null,
          syncCursor: now,
          lastSyncedAt: null,
          backfillState: 'running' as const,
          backfillDone: 0,
          backfillTotal: null,
          backfillPage: null,
          backfillStartedAt: now,
          backfillFinishedAt: null,
        };
        const saved = earlier
          ? await repository.update(tx, id, connection)
          : await repository.insert(tx, {
              organizationId,
              id,
              platform,
              externalId: authorized.externalId,
              ...connection,
            });
        await this.deps.jobs.enqueue(tx, STORE_JOBS.backfill, { storeId: id }, now);
        return saved;
      })
      .catch((error: unknown) => {
        // Two connections of the same store at once: the unique index decides.
        if ((error as { code?: string }).code === '23505')
          throw new AppError('STORE_ALREADY_CONNECTED');
        throw error;
      });
    const registered = await this.registerWebhooks(row);
    if (!registered) await repository.update(this.deps.db, row.id, { health: 'webhooks_failing' });
    return this.get(organizationId, row.id);
  }

  /** Subscribes the store's webhooks; false when the platform would not (the reconciliation still syncs). */
  async registerWebhooks(row: StoreRow): Promise<boolean> {
    try {
      await this.deps.sessions.call(row, (adapter, credentials) =>
        adapter.registerWebhooks(this.withWebhookSecret(row, credentials), this.callbackUrl(row)),
      );
      return true;
    } catch (error) {
      if (error instanceof StoreApiError) return false;
      throw error;
    }
  }

  /** WooCommerce's credentials carry the store's webhook secret to sign deliveries with. */
  withWebhookSecret(row: StoreRow, credentials: StoreCredentials): StoreCredentials {
    const secret = this.deps.sessions.webhookSecretOf(row);
    return secret ? { ...credentials, webhookSecret: secret } : credentials;
  }

  private async connected(organizationId: string, id: string): Promise<StoreRow> {
    const row = await repository.findConnected(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return row;
  }

  private healthOf(row: StoreRow): StoreRow['health'] {
    if (row.health === 'auth_failed') return row.health;
    return needsReapproval(row, this.deps.adapters[row.platform]) ? 'needs_reapproval' : row.health;
  }

  private async ordersCounts(organizationId: string, rows: StoreRow[]) {
    if (rows.length === 0 || !this.sink?.countOrders) return {};
    return this.sink.countOrders(
      organizationId,
      rows.map((row) => row.id),
    );
  }

  private view(row: StoreRow, ordersCount: number): StoreView {
    return {
      id: row.id,
      platform: row.platform,
      name: row.name,
      external_id: row.externalId,
      status: row.status,
      health: this.healthOf(row),
      sandbox: row.sandbox,
      api_version: row.apiVersion,
      connected_at: row.connectedAt.toISOString(),
      last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
      backfill:
        row.backfillState && row.backfillStartedAt
          ? {
              state: row.backfillState,
              done: row.backfillDone,
              total: row.backfillTotal,
              started_at: row.backfillStartedAt.toISOString(),
              finished_at: row.backfillFinishedAt?.toISOString() ?? null,
            }
          : null,
      orders_count: ordersCount,
    };
  }
}

function connectRequestOf(input: StoreConnectData): ConnectRequest {
  switch (input.platform) {
    case 'shopify':
      return { platform: 'shopify', shopDomain: input.shop_domain };
    case 'mercadolibre':
      return { platform: 'mercadolibre' };
    case 'woocommerce':
      return {
        platform: 'woocommerce',
        url: input.url,
        consumerKey: input.consumer_key,
        consumerSecret: input.consumer_secret,
      };
  }
}
