-- The job queue's SQL entrance (decision 021; issue 21: a module's SQL enqueues through the
-- platform's function, not by writing the `jobs` view itself). Applied with CREATE OR REPLACE
-- after the migrations on every start (platform/db-functions.ts).

-- Enqueues p_jobs (`[{ kind, payload, run_at }]`, possibly empty) in the caller's transaction
-- through the `jobs` view, whose trigger (migration 0023) turns each into a pg-boss job with its
-- queue's options.
CREATE OR REPLACE FUNCTION jobs_enqueue_many(p_jobs jsonb, p_now timestamptz)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO jobs (kind, payload, run_at, created_at)
    SELECT j.kind, j.payload, j.run_at, p_now
      FROM jsonb_to_recordset(coalesce(p_jobs, '[]'::jsonb))
        AS j(kind text, payload jsonb, run_at timestamptz);
$$;
