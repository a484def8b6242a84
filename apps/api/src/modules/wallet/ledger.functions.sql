-- The ledger's functions (decision 012): the guards the database enforces whatever code runs
-- against it, and the one-statement movement `ledger_post`.
-- Applied with CREATE OR REPLACE after the migrations on every start (platform/db-functions.ts):
-- edit a function here, in place. The triggers that call the guards stay in their migrations.

-- Entries are append-only: a correction is a new transaction, never an edit.
CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;

-- Transactions keep what they moved; only the payment state may change (a hold settling).
CREATE OR REPLACE FUNCTION ledger_transactions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (to_jsonb(NEW) - 'payment_state') <> (to_jsonb(OLD) - 'payment_state') THEN
    RAISE EXCEPTION 'ledger transactions are immutable (% refused)', TG_OP USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;

-- Every transaction sums to zero, checked once per transaction when it commits (one index scan).
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  total bigint;
  entries bigint;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, entries
    FROM ledger_entries WHERE transaction_id = NEW.id;
  IF entries = 0 THEN
    RAISE EXCEPTION 'ledger transaction % has no entries', NEW.id USING ERRCODE = '23514';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero (%)', NEW.id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;

-- Claims an idempotency key: waits for any other attempt with the same (organization, key) to
-- end, then answers the transaction stored under it, if any. Inside a function each statement
-- takes a fresh snapshot (READ COMMITTED), so the lookup sees an attempt that committed while
-- this one waited on the lock.
CREATE OR REPLACE FUNCTION ledger_claim(p_organization_id uuid, p_idempotency_key text)
RETURNS SETOF ledger_transactions LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_organization_id::text || ':' || p_idempotency_key, 0));
  RETURN QUERY SELECT * FROM ledger_transactions t
    WHERE t.organization_id = p_organization_id AND t.idempotency_key = p_idempotency_key;
END;
$$;

-- One movement, in the caller's transaction (or alone, as its own): claims the idempotency key
-- (a stored transaction under it answers 'replayed' and nothing moves), moves the wallet then
-- the hold account (that order, so two movements of one organization cannot deadlock; a move
-- below zero answers 'insufficient' with nothing written), writes the transaction and its
-- entries (postings: accounts[i] receives amounts[i]; the wallet's and hold account's sums are
-- their moves) and, with p_place_hold, the hold of the amount the hold account received.
-- p_description is what the merchant reads of it, `{ "code", "params" }` (wallet/descriptions.ts
-- in packages/domain renders it in the reader's language), stored as its two columns.
-- The database's own guards (zero sum at commit, append-only, checks, foreign keys) still apply.
CREATE OR REPLACE FUNCTION ledger_post(
  p_organization_id uuid,
  p_idempotency_key text,
  p_request_hash text,
  p_kind text,
  p_reference_type text,
  p_reference_id text,
  p_related_transaction_id uuid,
  p_description jsonb,
  p_payment_state text,
  p_created_at timestamptz,
  p_wallet_account_id uuid,
  p_hold_account_id uuid,
  p_accounts uuid[],
  p_amounts bigint[],
  p_place_hold boolean,
  OUT outcome text,
  OUT transaction_id uuid,
  OUT request_hash text,
  OUT wallet_amount bigint,
  OUT wallet_balance_after bigint,
  OUT payment_state text,
  OUT hold_id uuid
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  postings int := coalesce(array_length(p_accounts, 1), 0);
  wallet_delta bigint := 0;
  hold_delta bigint := 0;
  wallet_after bigint;
  hold_after bigint;
BEGIN
  IF postings = 0 OR postings <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'ledger_post needs one amount per account' USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended(p_organization_id::text || ':' || p_idempotency_key, 0));
  SELECT t.id, t.request_hash, t.wallet_amount, t.wallet_balance_after, t.payment_state
    INTO transaction_id, request_hash, wallet_amount, wallet_balance_after, payment_state
    FROM ledger_transactions t
    WHERE t.organization_id = p_organization_id AND t.idempotency_key = p_idempotency_key;
  IF FOUND THEN
    outcome := 'replayed';
    SELECT h.id INTO hold_id FROM ledger_holds h
      WHERE h.hold_transaction_id = transaction_id OR h.settle_transaction_id = transaction_id
      LIMIT 1;
    RETURN;
  END IF;

  FOR i IN 1 .. postings LOOP
    IF p_accounts[i] = p_wallet_account_id THEN
      wallet_delta := wallet_delta + p_amounts[i];
    ELSIF p_accounts[i] = p_hold_account_id THEN
      hold_delta := hold_delta + p_amounts[i];
    END IF;
  END LOOP;
  IF wallet_delta = 0 AND hold_delta = 0 THEN
    RAISE EXCEPTION 'a ledger movement must move the wallet or the hold account'
      USING ERRCODE = '22023';
  END IF;

  IF wallet_delta <> 0 THEN
    UPDATE ledger_accounts a SET balance = a.balance + wallet_delta
      WHERE a.id = p_wallet_account_id AND a.organization_id = p_organization_id
        AND a.kind = 'wallet' AND a.balance + wallet_delta >= 0
      RETURNING a.balance INTO wallet_after;
    IF NOT FOUND THEN
      outcome := 'insufficient';
      RETURN;
    END IF;
  ELSE
    SELECT a.balance INTO wallet_after FROM ledger_accounts a
      WHERE a.id = p_wallet_account_id AND a.organization_id = p_organization_id
        AND a.kind = 'wallet';
  END IF;
  IF hold_delta <> 0 THEN
    UPDATE ledger_accounts a SET balance = a.balance + hold_delta
      WHERE a.id = p_hold_account_id AND a.organization_id = p_organization_id
        AND a.kind = 'wallet_hold' AND a.balance + hold_delta >= 0
      RETURNING a.balance INTO hold_after;
    IF NOT FOUND THEN
      IF wallet_delta <> 0 THEN
        -- The wallet already moved: never leave half a movement, whoever catches the answer.
        RAISE EXCEPTION 'ledger hold account of % would go below zero', p_organization_id
          USING ERRCODE = '23514';
      END IF;
      outcome := 'insufficient';
      RETURN;
    END IF;
  END IF;
  IF wallet_after IS NULL THEN
    RAISE EXCEPTION 'ledger account % is not the wallet of %', p_wallet_account_id,
      p_organization_id USING ERRCODE = '22023';
  END IF;

  INSERT INTO ledger_transactions (id, organization_id, kind, idempotency_key, request_hash,
    reference_type, reference_id, related_transaction_id, description_code, description_params,
    wallet_amount, wallet_balance_after, payment_state, created_at)
  VALUES (uuidv7(), p_organization_id, p_kind, p_idempotency_key, p_request_hash,
    p_reference_type, p_reference_id, p_related_transaction_id, p_description ->> 'code',
    p_description -> 'params', wallet_delta, wallet_after, p_payment_state, p_created_at)
  RETURNING id INTO transaction_id;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
  SELECT ledger_post.transaction_id, e.account, e.amount,
         CASE WHEN e.account = p_wallet_account_id AND wallet_delta <> 0 THEN wallet_after
              WHEN e.account = p_hold_account_id AND hold_delta <> 0 THEN hold_after END,
         p_created_at
    FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS e(account, amount, position)
    WHERE e.amount <> 0
    ORDER BY e.position;

  IF p_place_hold THEN
    IF hold_delta <= 0 THEN
      RAISE EXCEPTION 'a hold must move money into the hold account' USING ERRCODE = '22023';
    END IF;
    INSERT INTO ledger_holds (organization_id, amount, status, hold_transaction_id, created_at)
    VALUES (p_organization_id, hold_delta, 'held', ledger_post.transaction_id, p_created_at)
    RETURNING id INTO hold_id;
  END IF;

  outcome := 'posted';
  request_hash := p_request_hash;
  wallet_amount := wallet_delta;
  wallet_balance_after := wallet_after;
  payment_state := p_payment_state;
END;
$$;

-- Places a hold of p_amount from the organization's wallet (issue 21: the guide purchase's SQL
-- holds through here instead of reading the wallet's accounts): ledger_post with the wallet and
-- hold accounts, `pending`, under p_idempotency_key. Answers ledger_post's outcome, the stored
-- request hash (a replay's may differ: the caller decides) and the hold.
CREATE OR REPLACE FUNCTION ledger_place_hold(
  p_organization_id uuid,
  p_idempotency_key text,
  p_request_hash text,
  p_kind text,
  p_reference_type text,
  p_reference_id text,
  p_description jsonb,
  p_amount bigint,
  p_now timestamptz,
  OUT outcome text,
  OUT request_hash text,
  OUT hold_id uuid
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  wallet_id uuid;
  hold_account_id uuid;
  posted record;
BEGIN
  SELECT a.id INTO wallet_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet';
  SELECT a.id INTO hold_account_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet_hold';
  SELECT * INTO posted FROM ledger_post(p_organization_id, p_idempotency_key, p_request_hash,
    p_kind, p_reference_type, p_reference_id, NULL, p_description, 'pending', p_now, wallet_id,
    hold_account_id, ARRAY[wallet_id, hold_account_id], ARRAY[-p_amount, p_amount], true);
  outcome := posted.outcome;
  request_hash := posted.request_hash;
  hold_id := posted.hold_id;
END;
$$;

-- Captures an open hold (decision 017 "Purchase" step 4; issue 21: the wallet's own function,
-- which the guide purchase's settle calls): claims p_idempotency_key, locks the hold, posts the
-- charges (p_line_kinds[i], a platform account, receives p_line_amounts[i]) from the hold
-- account with any remainder back to the wallet, the capture reading as the purchase it completes
-- (the hold's description), and marks the hold `captured` and its transaction `paid`.
-- Every outcome is explicit, and only 'captured' writes anything:
--   captured      done; transaction_id, wallet_amount and wallet_balance_after say what moved
--   key_used      the key holds another movement
--   hold_missing  no such hold in the organization
--   hold_settled  the hold was already captured or released
--   over_hold     the charges exceed the amount held
-- A negative charge, missing accounts or a posting refused after the key was claimed raise.
CREATE OR REPLACE FUNCTION ledger_capture_hold(
  p_organization_id uuid,
  p_hold_id uuid,
  p_idempotency_key text,
  p_request_hash text,
  p_kind text,
  p_reference_type text,
  p_reference_id text,
  p_line_kinds text[],
  p_line_amounts bigint[],
  p_now timestamptz,
  OUT outcome text,
  OUT transaction_id uuid,
  OUT wallet_amount bigint,
  OUT wallet_balance_after bigint
) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  h ledger_holds%ROWTYPE;
  wallet_id uuid;
  hold_account_id uuid;
  charged bigint;
  accounts uuid[];
  amounts bigint[];
  posted record;
  capture_description jsonb;
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_claim(p_organization_id, p_idempotency_key)) THEN
    outcome := 'key_used';
    RETURN;
  END IF;
  SELECT * INTO h FROM ledger_holds
    WHERE organization_id = p_organization_id AND id = p_hold_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'hold_missing';
    RETURN;
  END IF;
  IF h.status <> 'held' THEN
    outcome := 'hold_settled';
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_line_amounts) AS a WHERE a < 0) THEN
    RAISE EXCEPTION 'ledger_capture_hold: negative charge on hold %', p_hold_id
      USING ERRCODE = 'P0001';
  END IF;
  SELECT coalesce(sum(a), 0) INTO charged FROM unnest(p_line_amounts) AS a;
  IF charged > h.amount THEN
    outcome := 'over_hold';
    RETURN;
  END IF;

  -- The hold was posted through these accounts and the platform's exist before any capture.
  SELECT a.id INTO wallet_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet';
  SELECT a.id INTO hold_account_id FROM ledger_accounts a
    WHERE a.organization_id = p_organization_id AND a.kind = 'wallet_hold';
  accounts := ARRAY[hold_account_id];
  amounts := ARRAY[-h.amount];
  FOR i IN 1 .. coalesce(array_length(p_line_kinds, 1), 0) LOOP
    accounts := array_append(accounts, (SELECT a.id FROM ledger_accounts a
      WHERE a.organization_id IS NULL AND a.kind = p_line_kinds[i]));
    amounts := array_append(amounts, p_line_amounts[i]);
  END LOOP;
  IF wallet_id IS NULL OR array_position(accounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_capture_hold: ledger accounts of % missing', p_organization_id
      USING ERRCODE = 'P0001';
  END IF;
  IF h.amount > charged THEN
    accounts := array_append(accounts, wallet_id);
    amounts := array_append(amounts, h.amount - charged);
  END IF;

  SELECT jsonb_build_object('code', t.description_code, 'params', t.description_params)
    INTO capture_description FROM ledger_transactions t
    WHERE t.id = h.hold_transaction_id AND t.description_code IS NOT NULL;
  SELECT * INTO posted FROM ledger_post(p_organization_id, p_idempotency_key, p_request_hash,
    p_kind, p_reference_type, p_reference_id, h.hold_transaction_id, capture_description, 'paid',
    p_now, wallet_id, hold_account_id, accounts, amounts, false);
  IF posted.outcome <> 'posted' THEN
    -- The key is claimed and the hold account holds the hold: neither answer can come back.
    RAISE EXCEPTION 'ledger_capture_hold: capture of % answered %', p_hold_id, posted.outcome
      USING ERRCODE = 'P0001';
  END IF;
  transaction_id := posted.transaction_id;
  wallet_amount := posted.wallet_amount;
  wallet_balance_after := posted.wallet_balance_after;
  UPDATE ledger_holds SET status = 'captured', settle_transaction_id = posted.transaction_id,
      settled_at = p_now
    WHERE id = h.id;
  UPDATE ledger_transactions SET payment_state = 'paid' WHERE id = h.hold_transaction_id;
  outcome := 'captured';
END;
$$;
