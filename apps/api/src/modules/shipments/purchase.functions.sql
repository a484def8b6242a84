-- The guide purchase's two steps in SQL (decision 017, "Purchase"; decision 022: the only path).
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. They write only the shipments module's tables: money moves
-- through the wallet's functions (`ledger_place_hold`, `ledger_capture_hold`,
-- modules/wallet/ledger.functions.sql), stock through inventory's (`stock_follow_reservation`)
-- and jobs and the purchase's flow run through the platform's (`jobs_enqueue_many`,
-- platform/jobs.functions.sql; `flow_run_checkpoint`, platform/flows.functions.sql).

-- The purchase flow's `settle` step when the carrier issued the guide, in one statement that is
-- also the run's checkpoint (purchase.flow.ts, decision 028: `checkpoint: 'in-statement'`): the
-- run moved past `settle` through the platform's `flow_run_checkpoint(p_checkpoint)`, then the
-- capture of the shipment's hold through `ledger_capture_hold` under the key
-- `shipment:<id>:capture` (carrier price to carrier_payable, premium to insurance_payable, VAT
-- to vat_payable, any remainder back to the wallet), the hold `captured` and its transaction
-- `paid`, the label, the quote `completed`, the guide `purchased`, the `label_created` event with
-- the status it leads to, and the sandbox timeline's jobs (planned by TrackingService, given
-- here). It is the only code that settles an issued guide.
--
-- Outcomes, with the run checkpointed:
--   settled         done; charge_transaction_id and event_id say what was written
--   not_purchasing  the guide is already settled (purchased or failed): answer it as it stands
-- With nothing written:
--   run_moved       another driver moved the run first (the checkpoint's compare-and-set)
-- Refusals raise SQLSTATE 'SH001' with `{ "outcome" }` in DETAIL, so the run's checkpoint rolls
-- back with the statement and the run stays at `settle`, for its resume job:
--   not_found       no such guide in the organization
--   hold_missing    the guide has no hold, or its hold row is gone
--   hold_settled    its hold was already captured or released
--   key_used        the capture key holds another movement
--   over_hold       the charges exceed the amount held
-- A state the purchase cannot reach (a negative charge, the ledger accounts missing, the posting
-- refused after the key was claimed) raises. The ledger's own guards (zero sum at commit, append-only, balances
-- never below zero) still apply. The run's row is locked before the guide's, as the flow's
-- compensation locks them.

CREATE OR REPLACE FUNCTION shipment_settle_purchase(
  p_organization_id uuid,
  p_shipment_id uuid,
  p_now timestamptz,
  p_tracking_number text,
  p_carrier_reference text,
  p_pdf bytea,
  p_zpl text,
  p_capture_request_hash text,
  p_jobs jsonb,
  p_checkpoint jsonb,
  OUT outcome text,
  OUT charge_transaction_id uuid,
  OUT event_id uuid
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  s shipments%ROWTYPE;
  capture_key text := 'shipment:' || p_shipment_id || ':capture';
  line_kinds text[];
  line_amounts bigint[];
  captured record;
  refusal text;
BEGIN
  IF NOT flow_run_checkpoint(p_checkpoint) THEN
    outcome := 'run_moved';
    RETURN;
  END IF;
  SELECT * INTO s FROM shipments
    WHERE organization_id = p_organization_id AND id = p_shipment_id FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'not_found';
  ELSIF s.purchase_state <> 'purchasing' THEN
    outcome := 'not_purchasing';
    RETURN;
  ELSIF s.hold_id IS NULL THEN
    refusal := 'hold_missing';
  END IF;
  IF refusal IS NOT NULL THEN
    RAISE EXCEPTION 'shipment_settle_purchase refused: %', refusal
      USING ERRCODE = 'SH001', DETAIL = json_build_object('outcome', refusal)::text;
  END IF;

  -- The capture, through the wallet's own function: the carrier's price, the premium, the VAT.
  line_kinds := ARRAY['carrier_payable'];
  line_amounts := ARRAY[s.carrier_cost::bigint];
  IF s.insurance_premium > 0 THEN
    line_kinds := array_append(line_kinds, 'insurance_payable');
    line_amounts := array_append(line_amounts, s.insurance_premium::bigint);
  END IF;
  line_kinds := array_append(line_kinds, 'vat_payable');
  line_amounts := array_append(line_amounts, s.vat::bigint);
  SELECT * INTO captured FROM ledger_capture_hold(p_organization_id, s.hold_id, capture_key,
    p_capture_request_hash, 'label', 'shipment', p_shipment_id::text, line_kinds, line_amounts,
    p_now);
  IF captured.outcome <> 'captured' THEN
    RAISE EXCEPTION 'shipment_settle_purchase refused: %', captured.outcome
      USING ERRCODE = 'SH001', DETAIL = json_build_object('outcome', captured.outcome)::text;
  END IF;
  charge_transaction_id := captured.transaction_id;

  -- The guide: label, quote, purchase state.
  INSERT INTO shipment_labels (shipment_id, pdf, zpl, created_at)
    VALUES (p_shipment_id, p_pdf, p_zpl, p_now)
    ON CONFLICT DO NOTHING;
  UPDATE quotes SET status = 'completed'
    WHERE organization_id = p_organization_id AND id = s.quote_id AND status = 'in_process';
  UPDATE shipments SET purchase_state = 'purchased', tracking_number = p_tracking_number,
      carrier_reference = p_carrier_reference,
      charge_transaction_id = shipment_settle_purchase.charge_transaction_id, updated_at = p_now
    WHERE id = p_shipment_id;

  -- Tracking (TrackingService.onPurchased): the label's event, the status it leads to
  -- (CREATED moves a guide that is neither final nor past a later event), the sandbox timeline.
  INSERT INTO tracking_events (shipment_id, external_id, status, code, location, occurred_at,
      source, received_at)
    VALUES (p_shipment_id, 'label_created', 'CREATED', 'label_created', s.origin ->> 'city',
      p_now, 'system', p_now)
    ON CONFLICT (shipment_id, external_id) DO NOTHING
    RETURNING id INTO event_id;
  IF event_id IS NOT NULL AND s.carrier_status = 'CREATED'
      AND (s.last_event_at IS NULL OR s.last_event_at <= p_now) THEN
    UPDATE shipments SET carrier_status = 'CREATED', status = 'created',
        last_event_at = greatest(s.last_event_at, p_now), updated_at = p_now
      WHERE id = p_shipment_id;
  END IF;
  PERFORM jobs_enqueue_many(p_jobs, p_now);
  -- The stock the purchase reserved leaves with the guide (issue 15), with the capture, through
  -- inventory's follow-up of the reservation.
  PERFORM stock_follow_reservation(p_organization_id, 'ship', 'shipment', p_shipment_id::text,
    'shipment', p_shipment_id::text, p_now);

  outcome := 'settled';
END;
$$;

-- A guide purchase's first transaction after the shipment's row (decision 017, "Purchase", step
-- 2), in one statement: the quote taken (`quote` → `in_process`), the packages and products
-- from JSON, the hold of the total through `ledger_place_hold` under `shipment:<id>:hold` (kind
-- `label`, `pending`) and the shipment's `hold_id`. Runs in the transaction that creates the
-- purchase's flow run (purchase.flow.ts), right after the shipment's insert, and writes that
-- run's row through the platform's `flow_run_checkpoint(p_checkpoint)` (the flow's first step
-- writes its checkpoint in-statement, decision 028); p_hold_description is the hold's
-- `{ "code", "params" }` (see ledger_post); 'quote_taken', 'insufficient' and
-- 'key_reused' answer the errors the service raises, which roll the transaction back.
CREATE OR REPLACE FUNCTION shipment_start_purchase(
  p_organization_id uuid,
  p_shipment_id uuid,
  p_quote_id uuid,
  p_packages jsonb,
  p_products jsonb,
  p_hold_request_hash text,
  p_hold_description jsonb,
  p_amount bigint,
  p_now timestamptz,
  p_checkpoint jsonb,
  OUT outcome text,
  OUT hold_id uuid,
  OUT packages jsonb,
  OUT products jsonb
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  posted record;
BEGIN
  UPDATE quotes SET status = 'in_process'
    WHERE organization_id = p_organization_id AND id = p_quote_id AND status = 'quote';
  IF NOT FOUND THEN
    outcome := 'quote_taken';
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO shipment_packages (shipment_id, position, package_id, name, length_cm, width_cm,
        height_cm, weight_kg)
      SELECT p_shipment_id, p.position, p.package_id, p.name, p.length_cm, p.width_cm,
          p.height_cm, p.weight_kg
        FROM jsonb_to_recordset(p_packages) AS p(position integer, package_id uuid, name text,
          length_cm numeric, width_cm numeric, height_cm numeric, weight_kg numeric)
      RETURNING *
  )
  SELECT coalesce(jsonb_agg(to_jsonb(inserted) ORDER BY inserted.position), '[]'::jsonb)
    INTO packages FROM inserted;
  WITH inserted AS (
    INSERT INTO shipment_products (shipment_id, package_position, position, description,
        quantity, sat_product_code, sat_unit_code, unit_value, organization_id, variant_id)
      SELECT p_shipment_id, p.package_position, p.position, p.description, p.quantity,
          p.sat_product_code, p.sat_unit_code, p.unit_value, p_organization_id, p.variant_id
        FROM jsonb_to_recordset(p_products) AS p(package_position integer, position integer,
          description text, quantity integer, sat_product_code text, sat_unit_code text,
          unit_value bigint, variant_id uuid)
      RETURNING *
  )
  SELECT coalesce(jsonb_agg(to_jsonb(inserted)
      ORDER BY inserted.package_position, inserted.position), '[]'::jsonb)
    INTO products FROM inserted;

  SELECT * INTO posted FROM ledger_place_hold(p_organization_id,
    'shipment:' || p_shipment_id || ':hold', p_hold_request_hash, 'label', 'shipment',
    p_shipment_id::text, p_hold_description, p_amount, p_now);
  IF posted.outcome = 'insufficient' THEN
    outcome := 'insufficient';
    RETURN;
  END IF;
  IF posted.outcome = 'replayed' AND posted.request_hash <> p_hold_request_hash THEN
    outcome := 'key_reused';
    RETURN;
  END IF;
  hold_id := posted.hold_id;

  UPDATE shipments SET hold_id = shipment_start_purchase.hold_id
    WHERE organization_id = p_organization_id AND id = p_shipment_id;
  PERFORM flow_run_checkpoint(p_checkpoint);
  outcome := 'started';
END;
$$;
