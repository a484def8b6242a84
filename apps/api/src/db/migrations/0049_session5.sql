CREATE TABLE "shipments_made_daily" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"carrier_key" text NOT NULL,
	"destination_state" text,
	"count" integer NOT NULL,
	CONSTRAINT "shipments_made_daily_key" UNIQUE NULLS NOT DISTINCT("organization_id","day","carrier_key","destination_state")
);
--> statement-breakpoint
DROP INDEX "shipments_made_per_day";--> statement-breakpoint
CREATE INDEX "notifications_addressed_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "notifications"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "shipments_made_daily" ADD CONSTRAINT "shipments_made_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The triggers that keep shipments_made_daily; their function lives in
-- modules/shipments/made-per-day.functions.sql, applied right after the migrations on every
-- start. This placeholder only lets the triggers be created first.
CREATE OR REPLACE FUNCTION shipments_made_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'made-per-day.functions.sql not applied'; END; $$;--> statement-breakpoint
-- Deferred to the commit: a purchase locks the day's spend (wallet) before its guide turns
-- purchased, a cancellation turns its guide cancelled before the refund locks it; counting at
-- the commit takes the day's count last in both, so the two never wait on each other in a circle.
CREATE CONSTRAINT TRIGGER shipments_made_daily_insert AFTER INSERT ON shipments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.purchase_state = 'purchased' AND NEW.status <> 'cancelled')
  EXECUTE FUNCTION shipments_made_daily_follow();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipments_made_daily_update AFTER UPDATE ON shipments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.purchase_state = 'purchased' AND OLD.status <> 'cancelled')
          IS DISTINCT FROM (NEW.purchase_state = 'purchased' AND NEW.status <> 'cancelled')
        OR (NEW.purchase_state = 'purchased' AND NEW.status <> 'cancelled'
            AND (OLD.organization_id, OLD.created_at, OLD.carrier_key, OLD.destination_state)
                IS DISTINCT FROM (NEW.organization_id, NEW.created_at, NEW.carrier_key, NEW.destination_state)))
  EXECUTE FUNCTION shipments_made_daily_follow();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shipments_made_daily_delete AFTER DELETE ON shipments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.purchase_state = 'purchased' AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION shipments_made_daily_follow();--> statement-breakpoint
-- The guides already made.
INSERT INTO shipments_made_daily (organization_id, day, carrier_key, destination_state, count)
  SELECT organization_id, (created_at AT TIME ZONE 'America/Mexico_City')::date, carrier_key,
         destination_state, count(*)
    FROM shipments
   WHERE purchase_state = 'purchased' AND status <> 'cancelled'
   GROUP BY 1, 2, 3, 4;
