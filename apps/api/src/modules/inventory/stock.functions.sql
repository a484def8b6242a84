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
-- any other write is refused, so a balance always equals the sum of its movements. The trigger
-- fires once per statement (migration 0059), before any row is touched, and lets through only the
-- statements run while stock_apply has its setting on. A row trigger locked each balance again
-- for itself before the update: a WAL record of its own on every reservation (60 of 1,090 bytes).
CREATE OR REPLACE FUNCTION stock_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('despacho.stock_apply', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'stock balances change only through stock_apply (% refused)', TG_OP
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END;
$$;

-- Whether an organization may move stock at a location: an active platform warehouse or an
-- active one of its own. Inlined by the planner into the statements that call it (plain column
-- tests, no call at run time).
CREATE OR REPLACE FUNCTION stock_location_open(l stock_locations, p_organization_id uuid)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT l.active AND (l.kind = 'warehouse' OR l.organization_id = p_organization_id)
$$;

-- Applies one operation, given as one array per column of its lines (a variant, a location and
-- the deltas of each bucket; what `stock_move` makes of a verb's units, or the core's tests'
-- raw deltas). Several lines are summed per variant and location first, so two lines of one item
-- are checked against its stock together; a line that sums to nothing moves nothing.
--
-- The idempotency key is claimed by inserting the operation (its unique index): an operation
-- stored under it answers 'replayed' (its lines were the same) or 'key_reused' (other lines),
-- and nothing moves. Otherwise each balance is changed by one conditional UPDATE, in a fixed
-- order (variant, then location), so two operations never wait on each other in a cycle; a
-- line that would take a bucket below zero, or reserve more than is on hand, raises SQLSTATE
-- 'SK001' with the line and its balance as JSON in DETAIL, and the caller's transaction rolls
-- back whole. The operation and its movements are written with the balances.
--
-- A location must be a platform warehouse or one of the organization's own, and active: each
-- movement is written only if its location is, and 'SK002' is raised otherwise (also when a
-- line that does not fit is at such a location: not found, rather than short).
--
-- Like stock_follow_reservation it runs its statements on generic plans
-- (`SET plan_cache_mode`): PL/pgSQL would otherwise plan some of them again on every call,
-- because a plan for the call's own values always looks cheaper, and that planning was a fifth
-- of a reservation's cost (docs/benchmarks.md, decision 039).
CREATE OR REPLACE FUNCTION stock_apply(
  p_organization_id uuid,
  p_idempotency_key text,
  p_kind text,
  p_cause_type text,
  p_cause_id text,
  p_reason text,
  p_actor_id uuid,
  p_created_at timestamptz,
  variants uuid[],
  locations uuid[],
  on_hands int[],
  reserveds int[],
  incomings int[],
  not_sellables int[],
  OUT outcome text,
  OUT operation_id uuid
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  hash text;
  stored_hash text;
  changed int;
  balance_ensured boolean;
  i int;
  setting text;
BEGIN
  IF cardinality(variants) > 1
     OR abs(on_hands[1]) + abs(reserveds[1]) + abs(incomings[1]) + abs(not_sellables[1]) = 0 THEN
    -- Summed per variant and location, in the fixed order; a single line that moves something
    -- (most reservations) is already both.
    SELECT array_agg(s.variant_id ORDER BY s.variant_id, s.location_id),
           array_agg(s.location_id ORDER BY s.variant_id, s.location_id),
           array_agg(s.on_hand ORDER BY s.variant_id, s.location_id),
           array_agg(s.reserved ORDER BY s.variant_id, s.location_id),
           array_agg(s.incoming ORDER BY s.variant_id, s.location_id),
           array_agg(s.not_sellable ORDER BY s.variant_id, s.location_id)
      INTO variants, locations, on_hands, reserveds, incomings, not_sellables
      FROM (
        SELECT l.variant_id, l.location_id, sum(l.on_hand)::int AS on_hand,
               sum(l.reserved)::int AS reserved, sum(l.incoming)::int AS incoming,
               sum(l.not_sellable)::int AS not_sellable
          FROM unnest(variants, locations, on_hands, reserveds, incomings, not_sellables)
            AS l(variant_id, location_id, on_hand, reserved, incoming, not_sellable)
         GROUP BY l.variant_id, l.location_id
        HAVING sum(abs(l.on_hand)) + sum(abs(l.reserved)) + sum(abs(l.incoming))
             + sum(abs(l.not_sellable)) > 0
      ) s;
  END IF;
  IF variants IS NULL OR cardinality(variants) = 0 THEN
    RAISE EXCEPTION 'a stock operation needs at least one line' USING ERRCODE = '22023';
  END IF;
  hash := md5(p_kind || variants::text || locations::text || on_hands::text || reserveds::text
              || incomings::text || not_sellables::text);

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

  -- Assignments rather than PERFORM: an expression, not a statement of its own.
  setting := set_config('despacho.stock_apply', 'on', true);
  FOR i IN 1 .. cardinality(variants) LOOP
    balance_ensured := false;
    LOOP
      UPDATE stock_balances b
         SET on_hand = b.on_hand + on_hands[i],
             reserved = b.reserved + reserveds[i],
             incoming = b.incoming + incomings[i],
             not_sellable = b.not_sellable + not_sellables[i],
             updated_at = p_created_at
       WHERE b.organization_id = p_organization_id
         AND b.variant_id = variants[i]
         AND b.location_id = locations[i]
         AND b.on_hand + on_hands[i] >= 0
         AND b.reserved + reserveds[i] >= 0
         AND b.incoming + incomings[i] >= 0
         AND b.not_sellable + not_sellables[i] >= 0
         AND b.reserved + reserveds[i] <= b.on_hand + on_hands[i];
      GET DIAGNOSTICS changed = ROW_COUNT;
      EXIT WHEN changed > 0 OR balance_ensured;
      -- No balance changed: either none is kept yet (it starts at zero and takes the line as any
      -- other; lines go in a fixed order, so two first writes cannot deadlock), or a concurrent
      -- first write's balance was not committed when the UPDATE looked (the INSERT waits for it),
      -- or the line does not fit the one there is. A balance is there after the INSERT either
      -- way: the UPDATE once more decides.
      BEGIN
        INSERT INTO stock_balances (organization_id, variant_id, location_id, updated_at)
        VALUES (p_organization_id, variants[i], locations[i], p_created_at)
        ON CONFLICT DO NOTHING;
      EXCEPTION WHEN foreign_key_violation THEN
        -- No such location (or one deleted meanwhile: an own one that never kept anything).
        RAISE EXCEPTION 'stock location % is gone', locations[i] USING ERRCODE = 'SK002',
          DETAIL = json_build_object('location_id', locations[i])::text;
      END;
      balance_ensured := true;
    END LOOP;
    -- The movement is written only while its location is open to this organization and active
    -- (issue 21): a deactivation locks the location's row, then its balances, and refuses while
    -- any holds stock. A balance changed here before that holds the deactivation until this
    -- commits (it then sees the stock); a balance it locked first held the UPDATE above until it
    -- committed, and this statement's fresh snapshot sees the location inactive now. A first
    -- balance is covered by its foreign key, whose share lock on the location waits for the
    -- deactivation's row lock, or holds it off. The check rides on the insert: no statement of
    -- its own, and none before the writes (a refusal rolls them back).
    IF changed > 0 THEN
      INSERT INTO stock_movements (organization_id, operation_id, variant_id, location_id,
                                   on_hand, reserved, incoming, not_sellable, created_at)
      SELECT p_organization_id, operation_id, variants[i], locations[i], on_hands[i],
             reserveds[i], incomings[i], not_sellables[i], p_created_at
        FROM stock_locations l
       WHERE l.id = locations[i] AND stock_location_open(l, p_organization_id);
      GET DIAGNOSTICS changed = ROW_COUNT;
    ELSIF EXISTS (SELECT 1 FROM stock_locations l
                   WHERE l.id = locations[i] AND stock_location_open(l, p_organization_id)) THEN
      RAISE EXCEPTION 'insufficient stock for variant % at %', variants[i], locations[i]
        USING ERRCODE = 'SK001',
              DETAIL = (SELECT json_build_object(
                          'variant_id', variants[i], 'location_id', locations[i],
                          'requested', json_build_object('on_hand', on_hands[i],
                            'reserved', reserveds[i], 'incoming', incomings[i],
                            'not_sellable', not_sellables[i]),
                          'balance', json_build_object('on_hand', b.on_hand,
                            'reserved', b.reserved, 'incoming', b.incoming,
                            'not_sellable', b.not_sellable, 'available', b.available))::text
                          FROM stock_balances b
                         WHERE b.organization_id = p_organization_id
                           AND b.variant_id = variants[i]
                           AND b.location_id = locations[i]);
    END IF;
    IF changed = 0 THEN
      RAISE EXCEPTION 'stock location % is not available to this organization', locations[i]
        USING ERRCODE = 'SK002', DETAIL = json_build_object('location_id', locations[i])::text;
    END IF;
  END LOOP;
  setting := set_config('despacho.stock_apply', '', true);
  outcome := 'applied';
END;
$$;

-- The idempotency key of a stock operation (issue 21): written here once, from what caused it
-- and the verb, and read by stock_move, stock_follow_reservation and the invariant checks. The
-- formats are those stored since issue 15:
--   adjustment, staff_adjustment   `<type>:<Idempotency-Key>` (the cause id is the request's key)
--   entry announce_cancel          `entry:<id>:cancel` or `:close` (p_request says which ended it)
--   entry receive, reclassify      `entry:<id>:<verb>:<Idempotency-Key>` (one per count)
--   shipment release               `shipment:<id>:release-stock` (apart from the hold's `:release`)
--   shipment_cancellation          `shipment:<id>:<verb>` (the cancelled guide's own keys)
--   anything else                  `<type>:<id>:<verb>` (an exit's reserve, a label's ship …)
CREATE OR REPLACE FUNCTION stock_key_of(
  p_verb text,
  p_cause_type text,
  p_cause_id text,
  p_request text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_cause_type IN ('adjustment', 'staff_adjustment') THEN p_cause_type || ':' || p_cause_id
    WHEN p_verb = 'announce_cancel' THEN p_cause_type || ':' || p_cause_id || ':' || p_request
    WHEN p_cause_type = 'shipment' AND p_verb = 'release'
      THEN 'shipment:' || p_cause_id || ':release-stock'
    WHEN p_cause_type = 'shipment_cancellation' THEN 'shipment:' || p_cause_id || ':' || p_verb
    ELSE p_cause_type || ':' || p_cause_id || ':' || p_verb || coalesce(':' || p_request, '')
  END
$$;

-- Inventory's verbs (issue 21): what a stock movement means is decided here, not by its caller.
-- Other modules (their TypeScript through StockLedger, their SQL directly) name a verb, what
-- caused it and the units per variant and location; this turns them into the bucket deltas and
-- the key, and applies them through stock_apply. Lines are jsonb
-- `[{ variant_id, location_id, quantity, into, from_incoming, on_hand, not_sellable }]`:
--   announce         incoming + quantity                  (an entry announced)
--   announce_cancel  incoming − quantity                  (an entry cancelled or closed short)
--   receive          `into` (on_hand | not_sellable) + quantity, incoming − from_incoming
--   reclassify       `into` + quantity, the other of on_hand / not_sellable − quantity
--   adjust           on_hand and not_sellable by their signed deltas (a count or damage)
--   reserve          reserved + quantity
--   release          reserved − quantity
--   ship             on_hand and reserved − quantity
--   return           on_hand + quantity
-- A quantity is never negative (22023): a verb does not run backwards.
--
-- The lines are read in a PL/pgSQL loop of assignments, not by a query: each assignment is an
-- expression evaluated in place, where a query over jsonb_to_recordset cost an executor and an
-- aggregate set up on every call, a ninth of a reservation (decision 039). With no query of its
-- own the function needs no plan setting; stock_apply keeps its own.
CREATE OR REPLACE FUNCTION stock_move(
  p_organization_id uuid,
  p_verb text,
  p_cause_type text,
  p_cause_id text,
  p_request text,
  p_reason text,
  p_actor_id uuid,
  p_created_at timestamptz,
  p_lines jsonb,
  OUT outcome text,
  OUT operation_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(jsonb_array_length(p_lines), 0);
  variants uuid[];
  locations uuid[];
  on_hands int[] := array_fill(0, ARRAY[n]);
  reserveds int[] := array_fill(0, ARRAY[n]);
  incomings int[] := array_fill(0, ARRAY[n]);
  not_sellables int[] := array_fill(0, ARRAY[n]);
  line jsonb;
  quantity int;
  bucket text;
  applied record;
BEGIN
  IF p_verb NOT IN ('announce', 'announce_cancel', 'receive', 'reclassify', 'adjust',
                    'reserve', 'release', 'ship', 'return') THEN
    PERFORM stock_refuse('unknown stock verb ' || p_verb);
  END IF;
  FOR i IN 1 .. n LOOP
    line := p_lines -> (i - 1);
    variants[i] := line ->> 'variant_id';
    locations[i] := line ->> 'location_id';
    IF p_verb = 'adjust' THEN
      on_hands[i] := coalesce((line ->> 'on_hand')::int, 0);
      not_sellables[i] := coalesce((line ->> 'not_sellable')::int, 0);
      CONTINUE;
    END IF;
    quantity := line ->> 'quantity';
    IF quantity IS NULL OR quantity < 0 THEN
      PERFORM stock_refuse(p_verb || ' needs a quantity of 0 or more');
    END IF;
    CASE p_verb
      WHEN 'reserve' THEN reserveds[i] := quantity;
      WHEN 'ship' THEN on_hands[i] := -quantity; reserveds[i] := -quantity;
      WHEN 'release' THEN reserveds[i] := -quantity;
      WHEN 'return' THEN on_hands[i] := quantity;
      WHEN 'announce' THEN incomings[i] := quantity;
      WHEN 'announce_cancel' THEN incomings[i] := -quantity;
      ELSE
        -- receive and reclassify: `into` on hand or not sellable.
        bucket := line ->> 'into';
        IF bucket IS NULL OR bucket NOT IN ('on_hand', 'not_sellable') THEN
          PERFORM stock_refuse(p_verb || ' needs into: on_hand or not_sellable');
        END IF;
        IF bucket = 'on_hand' THEN
          on_hands[i] := quantity;
        ELSE
          not_sellables[i] := quantity;
        END IF;
        IF p_verb = 'reclassify' THEN
          -- The units leave the other bucket.
          IF bucket = 'on_hand' THEN
            not_sellables[i] := -quantity;
          ELSE
            on_hands[i] := -quantity;
          END IF;
        ELSE
          incomings[i] := -(line ->> 'from_incoming')::int;
          IF incomings[i] IS NULL OR incomings[i] > 0 THEN
            PERFORM stock_refuse('receive needs from_incoming of 0 or more');
          END IF;
        END IF;
    END CASE;
  END LOOP;
  -- An assignment, not a query: PL/pgSQL evaluates the call without a statement of its own.
  applied := stock_apply(p_organization_id,
    stock_key_of(p_verb, p_cause_type, p_cause_id, p_request), p_verb, p_cause_type, p_cause_id,
    p_reason, p_actor_id, p_created_at, variants, locations, on_hands, reserveds, incomings,
    not_sellables);
  outcome := applied.outcome;
  operation_id := applied.operation_id;
END;
$$;

-- Raises a verb's misuse (22023) where an expression is expected: a caller's bug, not a state.
CREATE OR REPLACE FUNCTION stock_refuse(p_message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', p_message USING ERRCODE = '22023';
END;
$$;

-- What follows a reservation (a label purchase's, issue 15), with the reservation's own
-- quantities, variants and locations and under its own key, so running it again moves nothing:
--   ship     the reserved units leave (the guide was issued)
--   release  the reservation is given back (the carrier refused, the purchase failed)
--   return   the shipped units are back on hand (the guide was cancelled)
-- The reservation is `reserve` under p_reserved_by's key; the follow-up is caused by p_cause.
-- Nothing moves when nothing was reserved; release follows only an unshipped reservation and
-- return only a shipped one (shipped by p_reserved_by); return skips a location that stopped
-- keeping stock since.
CREATE OR REPLACE FUNCTION stock_follow_reservation(
  p_organization_id uuid,
  p_verb text,
  p_reserved_by_type text,
  p_reserved_by_id text,
  p_cause_type text,
  p_cause_id text,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  reserve_id uuid;
  shipped boolean;
  lines jsonb;
BEGIN
  IF p_verb NOT IN ('ship', 'release', 'return') THEN
    PERFORM stock_refuse('a reservation is followed by ship, release or return, not ' || p_verb);
  END IF;
  SELECT o.id INTO reserve_id FROM stock_operations o
    WHERE o.organization_id = p_organization_id
      AND o.idempotency_key = stock_key_of('reserve', p_reserved_by_type, p_reserved_by_id, NULL);
  IF reserve_id IS NULL THEN
    RETURN;
  END IF;
  shipped := EXISTS (SELECT 1 FROM stock_operations o
    WHERE o.organization_id = p_organization_id
      AND o.idempotency_key = stock_key_of('ship', p_reserved_by_type, p_reserved_by_id, NULL));
  IF (p_verb = 'release' AND shipped) OR (p_verb = 'return' AND NOT shipped) THEN
    RETURN;
  END IF;
  SELECT jsonb_agg(jsonb_build_object('variant_id', m.variant_id, 'location_id', m.location_id,
      'quantity', m.reserved))
    INTO lines
    FROM stock_movements m JOIN stock_locations l ON l.id = m.location_id
    WHERE m.operation_id = reserve_id AND (p_verb <> 'return' OR l.active);
  IF lines IS NULL THEN
    RETURN;
  END IF;
  PERFORM stock_move(p_organization_id, p_verb, p_cause_type, p_cause_id, NULL, NULL, NULL, p_now,
    lines);
END;
$$;
