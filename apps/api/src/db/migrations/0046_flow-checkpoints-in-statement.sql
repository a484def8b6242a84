-- Issue 21: the guide purchase's first and last steps write their flow run's checkpoint in their
-- own statement, through the platform's `flow_run_checkpoint` (platform/flows.functions.sql), so
-- both functions take it: new signatures, created by purchase.functions.sql after the migrations.
DROP FUNCTION IF EXISTS shipment_start_purchase(uuid, uuid, uuid, jsonb, jsonb, text, jsonb, bigint,
  timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS shipment_settle_purchase(uuid, uuid, timestamptz, text, text, bytea, text,
  text, jsonb);
