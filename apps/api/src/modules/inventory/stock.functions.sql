-- The stock ledger's functions (issue 15, decision 027): the guards the database enforces
-- whatever code runs against it, and `stock_apply`, the one path that changes stock.
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. The triggers that call the guards stay in their migration.

-- Operations and movements are append-only: a correction is a new operation, never an edit.
CREATE OR REPLACE FUNCTION stock_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END;
$$;

-- Balances change only inside stock_apply, which appends the movements in the same statement;
-- any other write is refused, so a balance always equals the sum of its movements.
CREATE OR REPLACE FUNCTION stock_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('despacho.stock_apply', true), '') <> 'on' THEN
    RAISE EXCEPTION 'stock balances change only through stock_apply (% refused)', TG_OP
      USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;

-- Applies one operation: its lines (deltas per bucket for a variant at a location, as jsonb
-- `[{ variant_id, location_id, on_hand, reserved, incoming, not_sellable }]`) are summed per
-- variant and location first, so two lines of one item are checked against its stock together.
--
-- The idempotency key is claimed by inserting the operation (its unique index): an operation
-- stored under it answers 'replayed' (its lines were the same) or 'key_reused' (other lines),
-- and nothing moves. Otherwise each balance is changed by one conditional UPDATE, in a fixed
-- order (variant, then location), so two operations never wait on each other in a cycle; a
-- line that would take a bucket below zero, or reserve more than is on hand, raises SQLSTATE
-- 'SK001' with the line and its balance as JSON in DETAIL, and the caller's transaction rolls
-- back whole. The operation and its movements are written with the balances.
--
-- A location must be a platform warehouse or one of the organization's own ('SK002' otherwise).
CREATE OR REPLACE FUNCTION stock_apply(
  p_organization_id uuid,
  p_idempotency_key text,
  p_kind text,
  p_cause_type text,
  p_cause_id text,
  p_reason text,
  p_actor_id uuid,
  p_created_at timestamptz,
  p_lines jsonb,
  OUT outcome text,
  OUT operation_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  summed jsonb;
  hash text;
  stored_hash text;
  line record;
  changed int;
  foreign_location uuid;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'variant_id', variant_id, 'location_id', location_id,
           'on_hand', on_hand, 'reserved', reserved, 'incoming', incoming,
           'not_sellable', not_sellable) ORDER BY variant_id, location_id), '[]'::jsonb)
    INTO summed
    FROM (
      SELECT l.variant_id, l.location_id,
             sum(coalesce(l.on_hand, 0))::int AS on_hand,
             sum(coalesce(l.reserved, 0))::int AS reserved,
             sum(coalesce(l.incoming, 0))::int AS incoming,
             sum(coalesce(l.not_sellable, 0))::int AS not_sellable
        FROM jsonb_to_recordset(p_lines)
          AS l(variant_id uuid, location_id uuid, on_hand int, reserved int, incoming int, not_sellable int)
       GROUP BY l.variant_id, l.location_id
      -- A line that sums to nothing moves nothing and writes no movement.
      HAVING sum(abs(coalesce(l.on_hand, 0))) + sum(abs(coalesce(l.reserved, 0)))
           + sum(abs(coalesce(l.incoming, 0))) + sum(abs(coalesce(l.not_sellable, 0))) > 0
    ) s;
  IF jsonb_array_length(summed) = 0 THEN
    RAISE EXCEPTION 'a stock operation needs at least one line' USING ERRCODE = '22023';
  END IF;
  hash := md5(p_kind || summed::text);

  SELECT (x->>'location_id')::uuid INTO foreign_location
    FROM jsonb_array_elements(summed) x
    LEFT JOIN stock_locations sl ON sl.id = (x->>'location_id')::uuid
   WHERE sl.id IS NULL
      OR NOT sl.active
      OR (sl.kind = 'own' AND sl.organization_id <> p_organization_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'stock location % is not available to this organization', foreign_location
      USING ERRCODE = 'SK002', DETAIL = json_build_object('location_id', foreign_location)::text;
  END IF;

  -- The key is claimed by its unique index: a concurrent operation with the same key waits here
  -- until the first commits (then this one answers from it) or rolls back (then this one goes on).
  INSERT INTO stock_operations (organization_id, idempotency_key, request_hash, kind, cause_type,
                                cause_id, reason, actor_id, created_at)
  VALUES (p_organization_id, p_idempotency_key, hash, p_kind, p_cause_type, p_cause_id, p_reason,
          p_actor_id, p_created_at)
  ON CONFLICT (organization_id, idempotency_key) DO NOTHING
  RETURNING id INTO operation_id;
  IF operation_id IS NULL THEN
    SELECT o.id, o.request_hash INTO operation_id, stored_hash
      FROM stock_operations o
     WHERE o.organization_id = p_organization_id AND o.idempotency_key = p_idempotency_key;
    outcome := CASE WHEN stored_hash = hash THEN 'replayed' ELSE 'key_reused' END;
    RETURN;
  END IF;

  PERFORM set_config('despacho.stock_apply', 'on', true);
  FOR line IN
    SELECT (x->>'variant_id')::uuid AS variant_id, (x->>'location_id')::uuid AS location_id,
           (x->>'on_hand')::int AS on_hand, (x->>'reserved')::int AS reserved,
           (x->>'incoming')::int AS incoming, (x->>'not_sellable')::int AS not_sellable
      FROM jsonb_array_elements(summed) x
     ORDER BY 1, 2
  LOOP
    LOOP
      UPDATE stock_balances b
         SET on_hand = b.on_hand + line.on_hand,
             reserved = b.reserved + line.reserved,
             incoming = b.incoming + line.incoming,
             not_sellable = b.not_sellable + line.not_sellable,
             updated_at = p_created_at
       WHERE b.organization_id = p_organization_id
         AND b.variant_id = line.variant_id
         AND b.location_id = line.location_id
         AND b.on_hand + line.on_hand >= 0
         AND b.reserved + line.reserved >= 0
         AND b.incoming + line.incoming >= 0
         AND b.not_sellable + line.not_sellable >= 0
         AND b.reserved + line.reserved <= b.on_hand + line.on_hand;
      GET DIAGNOSTICS changed = ROW_COUNT;
      EXIT WHEN changed > 0;
      -- No balance changed: either none is kept yet (it starts at zero and takes the line as any
      -- other; lines go in a fixed order, so two first writes cannot deadlock) or the line does
      -- not fit the one there is.
      INSERT INTO stock_balances (organization_id, variant_id, location_id, updated_at)
      VALUES (p_organization_id, line.variant_id, line.location_id, p_created_at)
      ON CONFLICT DO NOTHING;
      EXIT WHEN NOT FOUND;
    END LOOP;
    IF changed = 0 THEN
      RAISE EXCEPTION 'insufficient stock for variant % at %', line.variant_id, line.location_id
        USING ERRCODE = 'SK001',
              DETAIL = (SELECT json_build_object(
                          'variant_id', line.variant_id, 'location_id', line.location_id,
                          'requested', json_build_object('on_hand', line.on_hand,
                            'reserved', line.reserved, 'incoming', line.incoming,
                            'not_sellable', line.not_sellable),
                          'balance', json_build_object('on_hand', b.on_hand,
                            'reserved', b.reserved, 'incoming', b.incoming,
                            'not_sellable', b.not_sellable, 'available', b.available))::text
                          FROM stock_balances b
                         WHERE b.organization_id = p_organization_id
                           AND b.variant_id = line.variant_id
                           AND b.location_id = line.location_id);
    END IF;
    INSERT INTO stock_movements (organization_id, operation_id, variant_id, location_id, on_hand,
                                 reserved, incoming, not_sellable, created_at)
    VALUES (p_organization_id, operation_id, line.variant_id, line.location_id, line.on_hand,
            line.reserved, line.incoming, line.not_sellable, p_created_at);
  END LOOP;
  PERFORM set_config('despacho.stock_apply', '', true);
  outcome := 'applied';
END;
$$;
