-- The exit dispatch's `ship` step (dispatch.flow.ts, decision 028) in one statement, with the
-- run's checkpoint in it (`checkpoint: 'in-statement'`): the run moved past `ship` through the
-- platform's `flow_run_checkpoint`, the exit's reserved units shipped through inventory's
-- `stock_move` verb (`p_lines` as that verb reads them, at the warehouse; key by the exit), and
-- the exit shipped with its guide. Answers the stock's outcome ('applied', 'replayed',
-- 'key_reused') with its operation, or 'run_moved' when another driver moved the run first:
-- then nothing is written. The caller's transaction (the step's audit and notification) rolls
-- a 'key_reused' back. Applied with CREATE OR REPLACE on every start (platform/db-functions.ts).
CREATE OR REPLACE FUNCTION exit_dispatch_ship(
  p_checkpoint jsonb,
  p_organization_id uuid,
  p_exit_id uuid,
  p_cause_type text,
  p_actor_id uuid,
  p_lines jsonb,
  p_shipment_id uuid,
  p_tracking_number text,
  p_now timestamptz,
  OUT outcome text,
  OUT operation_id uuid
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF NOT flow_run_checkpoint(p_checkpoint) THEN
    outcome := 'run_moved';
    RETURN;
  END IF;
  SELECT m.outcome, m.operation_id INTO outcome, operation_id
    FROM stock_move(p_organization_id, 'ship', p_cause_type, p_exit_id::text, NULL, NULL,
      p_actor_id, p_now, p_lines) AS m;
  UPDATE exits
     SET status = 'shipped', shipment_id = p_shipment_id, tracking_number = p_tracking_number,
         shipped_at = p_now, updated_at = p_now
   WHERE id = p_exit_id;
END;
$$;
