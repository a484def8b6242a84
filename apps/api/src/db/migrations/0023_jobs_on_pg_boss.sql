DROP TABLE "jobs" CASCADE;--> statement-breakpoint
-- Decision 021: jobs live in pg-boss (schema `pgboss`, installed before these migrations). SQL
-- that enqueues in its own transaction (the guide purchase's functions) keeps writing
-- `INSERT INTO jobs (kind, payload, run_at, created_at)`: this view turns each row into a pg-boss
-- job in that same transaction, with its queue's options (the queue is created with the
-- defaults of `platform/jobs.ts` when it does not exist yet).
CREATE VIEW "jobs" AS
  SELECT id, name AS kind, data AS payload, start_after AS run_at, created_on AS created_at,
      state::text AS state
    FROM pgboss.job;--> statement-breakpoint
CREATE FUNCTION jobs_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  q pgboss.queue%ROWTYPE;
BEGIN
  SELECT * INTO q FROM pgboss.queue WHERE name = NEW.kind;
  IF NOT FOUND THEN
    PERFORM pgboss.create_queue(NEW.kind, jsonb_build_object('policy', 'standard',
      'retryLimit', 10, 'retryDelay', 30, 'retryBackoff', true, 'retryDelayMax', 3600,
      'expireInSeconds', 900, 'deleteAfterSeconds', 604800, 'retentionSeconds', 5184000));
    SELECT * INTO q FROM pgboss.queue WHERE name = NEW.kind;
  END IF;
  NEW.id := coalesce(NEW.id, gen_random_uuid());
  NEW.created_at := coalesce(NEW.created_at, now());
  INSERT INTO pgboss.job (id, name, data, start_after, created_on, expire_seconds,
      deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max,
      policy, dead_letter)
    VALUES (NEW.id, NEW.kind, NEW.payload, NEW.run_at, NEW.created_at, q.expire_seconds,
      q.deletion_seconds, NEW.run_at + q.retention_seconds * interval '1 second', q.retry_limit,
      q.retry_delay, q.retry_backoff, q.retry_delay_max, q.policy, q.dead_letter);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER jobs_enqueue INSTEAD OF INSERT ON "jobs" FOR EACH ROW EXECUTE FUNCTION jobs_enqueue();
