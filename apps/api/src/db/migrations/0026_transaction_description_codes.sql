-- Movements' descriptions become codes with parameters, rendered in the reader's language
-- (issue 13; packages/domain wallet/descriptions.ts). The sentences stored so far, all written in
-- Spanish by the API, are mapped to their codes; a text that matches none stays as stored.
-- Transactions are immutable (ledger_transactions_immutable): only this migration rewrites their
-- descriptions, with the guard off for its own transaction. No amount or posting changes.
ALTER TABLE ledger_transactions DISABLE TRIGGER ledger_transactions_immutable;
--> statement-breakpoint
-- "SPEI <tracking key>": a deposit with the bank's tracking key.
UPDATE ledger_transactions
  SET description_code = 'deposit_spei',
      description_params = jsonb_build_object('tracking_key', substring(description FROM '^SPEI (.+)$')),
      description = NULL
  WHERE kind = 'deposit' AND description ~ '^SPEI .+$';
--> statement-breakpoint
-- "Depósito card", "Depósito spei": a deposit by its method.
UPDATE ledger_transactions
  SET description_code = 'deposit',
      description_params = jsonb_build_object('method', substring(description FROM '^Depósito (spei|card)$')),
      description = NULL
  WHERE kind = 'deposit' AND description ~ '^Depósito (spei|card)$';
--> statement-breakpoint
-- "Guía <carrier> <service>" (the catalogue's Spanish names): the guide's own keys.
UPDATE ledger_transactions t
  SET description_code = 'guide_purchase',
      description_params = jsonb_build_object('carrier', s.carrier_key, 'service', s.service_key),
      description = NULL
  FROM shipments s
  WHERE t.kind = 'label' AND t.reference_type = 'shipment' AND t.description ~ '^Guía .+$'
    AND s.organization_id = t.organization_id AND s.id::text = t.reference_id;
--> statement-breakpoint
-- "Cancelación de la guía <tracking number or id>": the refund of a cancelled guide.
UPDATE ledger_transactions
  SET description_code = 'guide_cancellation',
      description_params = jsonb_build_object('tracking_number',
        substring(description FROM '^Cancelación de la guía (.+)$')),
      description = NULL
  WHERE kind = 'refund' AND description ~ '^Cancelación de la guía .+$';
--> statement-breakpoint
ALTER TABLE ledger_transactions ENABLE TRIGGER ledger_transactions_immutable;
--> statement-breakpoint
-- Their description parameter is now jsonb (`{ "code", "params" }`): a new signature, which the
-- functions files (ledger.functions.sql, purchase.functions.sql) create after the migrations.
DROP FUNCTION IF EXISTS ledger_post(uuid, text, text, text, text, text, uuid, text, text,
  timestamptz, uuid, uuid, uuid[], bigint[], boolean);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shipment_start_purchase(uuid, uuid, uuid, jsonb, jsonb, text, text, bigint,
  timestamptz, text, jsonb, timestamptz);
