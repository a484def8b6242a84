-- ledger_daily_spend (spend.tables.ts): what each organization paid per Mexico City day and
-- cause, added in the statement that posts the entries (trigger ledger_entries_daily_spend,
-- migration 0053). An entry into a platform account other than the clearing accounts is money
-- paid (a refund's, negative, takes it back); its cause: classification and fees by the
-- movement's kind (or the fees account), embarques by their kind or the advances' account,
-- insurance by its account, the rest labels (carrier price, VAT, margin). Rows are locked in key order, so two postings of one organization never
-- wait on each other in a circle.
CREATE OR REPLACE FUNCTION ledger_daily_spend_after_insert() RETURNS trigger
LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO ledger_daily_spend AS s (organization_id, day, cause, amount)
  SELECT t.organization_id, (t.created_at AT TIME ZONE 'America/Mexico_City')::date,
         CASE WHEN t.kind = 'classification' THEN 'classification'
              WHEN t.kind = 'embarque' OR a.kind = 'customs_payable' THEN 'embarques'
              WHEN t.kind = 'fee' OR a.kind = 'fees' THEN 'fees'
              WHEN a.kind = 'insurance_payable' THEN 'insurance'
              ELSE 'labels' END AS cause,
         sum(e.amount)
    FROM inserted_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
   WHERE a.organization_id IS NULL AND a.kind NOT IN ('bank_clearing', 'card_clearing')
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, day, cause) DO UPDATE SET amount = s.amount + excluded.amount;
  RETURN NULL;
END;
$$;
