-- Issue 21: the guide purchase is a flow (`shipment.purchase`, purchase.flow.ts; decision 028).
-- Its resume job and the flows' orphan sweep replace `shipments.recover_purchase` and the
-- purchase's own sweep, and the run records the process driving it (`flow_runs.instance`).
-- Purchases under way now become runs at their carrier step, resumed at once: their carrier
-- call is idempotent by the guide's id, as the recovery job's was.
INSERT INTO "flow_runs" ("kind", "organization_id", "subject_type", "subject_id", "state", "step",
    "data", "instance", "created_at", "updated_at")
  SELECT 'shipment.purchase', "organization_id", 'shipment', "id"::text, 'running', 'carrier',
      '{}'::jsonb, "purchase_instance", now(), now()
    FROM "shipments" WHERE "purchase_state" = 'purchasing';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "run_at", "created_at")
  SELECT 'flows.resume', jsonb_build_object('run_id', "id"), now(), now()
    FROM "flow_runs" WHERE "kind" = 'shipment.purchase' AND "state" = 'running';--> statement-breakpoint
DELETE FROM pgboss.job WHERE "name" = 'shipments.recover_purchase';--> statement-breakpoint
-- The start function no longer enqueues the recovery job: a new signature, created by
-- purchase.functions.sql after the migrations.
DROP FUNCTION IF EXISTS shipment_start_purchase(uuid, uuid, uuid, jsonb, jsonb, text, jsonb, bigint,
  timestamptz, text, jsonb, timestamptz);--> statement-breakpoint
ALTER TABLE "shipments" DROP COLUMN "purchase_instance";
