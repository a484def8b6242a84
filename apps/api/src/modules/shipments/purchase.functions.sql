-- The guide purchase's two steps in SQL (decision 017, "Purchase"; decision 022: the only path).
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. They insert into `jobs` and post through `ledger_post`
-- (modules/wallet/ledger.functions.sql).

-- Step 4 when the carrier issued the guide, in one statement: the capture of the shipment's hold
-- through `ledger_post` under the key `shipment:<id>:capture` (carrier price to carrier_payable,
-- premium to insurance_payable, VAT to vat_payable, any remainder back to the wallet), the hold
-- `captured` and its transaction `paid`, the label, the quote `completed`, the guide `purchased`,
-- the `label_created` event with the status it leads to, and the sandbox timeline's jobs (planned
-- by TrackingService, given here). It is the only code that settles an issued guide.
--
-- Every outcome is explicit, and only 'settled' writes anything:
--   settled         done; charge_transaction_id and event_id say what was written
--   not_found       no such guide in the organization
--   not_purchasing  the guide is already settled (purchased or failed): answer it as it stands
--   hold_missing    the guide has no hold, or its hold row is gone
--   hold_settled    its hold was already captured or released
--   key_used        the capture key holds another movement
--   over_hold       the charges exceed the amount held
-- A state the purchase cannot reach (a negative charge, the ledger accounts missing, the posting
-- refused after the key was claimed) raises. The ledger's own guards (zero sum at commit, append-only, balances
-- never below zero) still apply.

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
  OUT outcome text,
  OUT charge_transaction_id uuid,
  OUT event_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  s shipments%ROWTYPE;
  h ledger_holds%ROWTYPE;
  capture_key text := 'shipment:' || p_shipment_id || ':capture';
  wallet_id uuid;
  hold_account_id uuid;
  line_kinds text[];
  line_amounts bigint[];
  charged bigint;
  accounts uuid[];
  amounts bigint[];
  posted record;
  capture_description jsonb;
BEGIN
  SELECT * INTO s FROM shipments
    WHERE organization_id = p_organization_id AND id = p_shipment_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN;
  END IF;
  IF s.purchase_state <> 'purchasing' THEN
    outcome := 'not_purchasing';
    RETURN;
  END IF;
  IF s.hold_id IS NULL THEN
    outcome := 'hold_missing';
    RETURN;
  END IF;

  -- The capture, as LedgerService.capture plans it: claim the key, lock the open hold.
  IF EXISTS (SELECT 1 FROM ledger_claim(p_organization_id, capture_key)) THEN
    outcome := 'key_used';
    RETURN;
  END IF;
  SELECT * INTO h FROM ledger_holds
    WHERE organization_id = p_organization_id AND id = s.hold_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'hold_missing';
    RETURN;
  END IF;
  IF h.status <> 'held' THEN
    outcome := 'hold_settled';
    RETURN;
  END IF;
  line_kinds := ARRAY['carrier_payable'];
  line_amounts := ARRAY[s.carrier_cost::bigint];
  IF s.insurance_premium > 0 THEN
    line_kinds := array_append(line_kinds, 'insurance_payable');
    line_amounts := array_append(line_amounts, s.insurance_premium::bigint);
  END IF;
  line_kinds := array_append(line_kinds, 'vat_payable');
  line_amounts := array_append(line_amounts, s.vat::bigint);
  IF EXISTS (SELECT 1 FROM unnest(line_amounts) AS a WHERE a < 0) THEN
    RAISE EXCEPTION 'shipment_settle_purchase: negative charge on %', p_shipment_id
      USING ERRCODE = 'P0001';
  END IF;
  SELECT sum(a) INTO charged FROM unnest(line_amounts) AS a;
  IF charged > h.amount THEN
    outcome := 'over_hold';
    RETURN;
  END IF;

  -- The hold was posted through these accounts and the platform's exist before any purchase.
  SELECT a.id INTO wallet_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet';
  SELECT a.id INTO hold_account_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet_hold';
  accounts := ARRAY[hold_account_id];
  amounts := ARRAY[-h.amount];
  FOR i IN 1 .. array_length(line_kinds, 1) LOOP
    accounts := array_append(accounts, (SELECT a.id FROM ledger_accounts a
      WHERE a.organization_id IS NULL AND a.kind = line_kinds[i]));
    amounts := array_append(amounts, line_amounts[i]);
  END LOOP;
  IF wallet_id IS NULL OR array_position(accounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'shipment_settle_purchase: ledger accounts of % missing', p_organization_id
      USING ERRCODE = 'P0001';
  END IF;
  IF h.amount > charged THEN
    accounts := array_append(accounts, wallet_id);
    amounts := array_append(amounts, h.amount - charged);
  END IF;

  -- The capture reads as the purchase it completes: the hold's description code and parameters.
  SELECT jsonb_build_object('code', t.description_code, 'params', t.description_params)
    INTO capture_description FROM ledger_transactions t
    WHERE t.id = h.hold_transaction_id AND t.description_code IS NOT NULL;
  SELECT * INTO posted FROM ledger_post(p_organization_id, capture_key, p_capture_request_hash,
    'label', 'shipment', p_shipment_id::text, h.hold_transaction_id, capture_description, 'paid',
    p_now, wallet_id, hold_account_id, accounts, amounts, false);
  IF posted.outcome <> 'posted' THEN
    -- The key is claimed and the hold account holds the hold: neither answer can come back.
    RAISE EXCEPTION 'shipment_settle_purchase: capture of % answered %', p_shipment_id,
      posted.outcome USING ERRCODE = 'P0001';
  END IF;
  charge_transaction_id := posted.transaction_id;
  UPDATE ledger_holds SET status = 'captured', settle_transaction_id = charge_transaction_id,
      settled_at = p_now
    WHERE id = h.id;
  UPDATE ledger_transactions SET payment_state = 'paid' WHERE id = h.hold_transaction_id;

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
  INSERT INTO jobs (kind, payload, run_at, created_at)
    SELECT j.kind, j.payload, j.run_at, p_now
      FROM jsonb_to_recordset(coalesce(p_jobs, '[]'::jsonb))
        AS j(kind text, payload jsonb, run_at timestamptz);
  -- The stock the purchase reserved leaves with the guide (issue 15), with the capture.
  PERFORM stock_follow_reservation(p_organization_id, 'ship', 'shipment', p_shipment_id::text,
    'shipment', p_shipment_id::text, p_now);

  outcome := 'settled';
END;
$$;

-- A guide purchase's first transaction after the shipment's row (decision 017, "Purchase", step
-- 2), in one statement: the quote taken (`quote` → `in_process`), the packages and products
-- from JSON, the hold of the total through `ledger_post` under `shipment:<id>:hold` (kind
-- `label`, `pending`), the shipment's `hold_id` and the recovery job. Runs in the caller's
-- transaction, right after the shipment's insert; p_hold_description is the hold's
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
  p_job_kind text,
  p_job_payload jsonb,
  p_job_run_at timestamptz,
  OUT outcome text,
  OUT hold_id uuid,
  OUT packages jsonb,
  OUT products jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  wallet_id uuid;
  hold_account_id uuid;
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

  SELECT a.id INTO wallet_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet';
  SELECT a.id INTO hold_account_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet_hold';
  SELECT * INTO posted FROM ledger_post(p_organization_id, 'shipment:' || p_shipment_id || ':hold',
    p_hold_request_hash, 'label', 'shipment', p_shipment_id::text, NULL, p_hold_description,
    'pending', p_now, wallet_id, hold_account_id, ARRAY[wallet_id, hold_account_id],
    ARRAY[-p_amount, p_amount], true);
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
  INSERT INTO jobs (kind, payload, run_at, created_at)
    VALUES (p_job_kind, p_job_payload, p_job_run_at, p_now);
  outcome := 'started';
END;
$$;
