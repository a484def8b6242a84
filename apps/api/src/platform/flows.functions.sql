-- The flows' SQL entrance (decision 028): a step that writes its checkpoint in its own statement
-- (`checkpoint: 'in-statement'`, platform/flows.ts) calls this with the checkpoint `Flows` gave
-- it, as JSON, and never writes `flow_runs` itself. Applied with CREATE OR REPLACE after the
-- migrations on every start (platform/db-functions.ts).

-- Writes a run's checkpoint in the caller's statement, and answers whether the caller holds it:
--   a new run (`{ "insert": true, id, kind, organization_id, subject_type, subject_id, state,
--   step, data, instance, at }`, the first step): its row, inserted; the run's unique index
--   refuses a second active run of the kind for the subject (flow_runs_active_subject). True.
--   a step passed (`{ id, saved, state, step, at }`): the compare-and-set that moves the row
--   from the step it was saved at (`saved`, still running) to `step` in `state`, its data
--   unchanged, finished at `at` when `state` is final. False when another driver moved the run
--   first: the caller then writes nothing.
CREATE OR REPLACE FUNCTION flow_run_checkpoint(p_checkpoint jsonb)
RETURNS boolean LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_at timestamptz := (p_checkpoint ->> 'at')::timestamptz;
  v_state text := p_checkpoint ->> 'state';
BEGIN
  IF (p_checkpoint ->> 'insert')::boolean THEN
    INSERT INTO flow_runs (id, kind, organization_id, subject_type, subject_id, state, step,
        data, instance, created_at, updated_at, finished_at)
      VALUES ((p_checkpoint ->> 'id')::uuid, p_checkpoint ->> 'kind',
        (p_checkpoint ->> 'organization_id')::uuid, p_checkpoint ->> 'subject_type',
        p_checkpoint ->> 'subject_id', v_state, p_checkpoint ->> 'step', p_checkpoint -> 'data',
        (p_checkpoint ->> 'instance')::uuid, v_at, v_at,
        CASE WHEN v_state = 'running' THEN NULL ELSE v_at END);
    RETURN true;
  END IF;
  UPDATE flow_runs
    SET state = v_state, step = p_checkpoint ->> 'step', updated_at = v_at,
      finished_at = CASE WHEN v_state = 'running' THEN NULL ELSE v_at END
    WHERE id = (p_checkpoint ->> 'id')::uuid AND flow_runs.state = 'running'
      AND flow_runs.step = p_checkpoint ->> 'saved';
  RETURN FOUND;
END;
$$;
