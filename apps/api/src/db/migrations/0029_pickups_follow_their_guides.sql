ALTER TABLE "pickups" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Guides cancelled (or being cancelled) before this change stayed in their requested pickup.
UPDATE "shipments" SET "pickup_id" = NULL, "pickup_start" = NULL, "pickup_end" = NULL
 WHERE ("status" = 'cancelled' OR "cancellation_requested_at" IS NOT NULL)
   AND "pickup_id" IN (SELECT "id" FROM "pickups" WHERE "status" = 'requested');--> statement-breakpoint
-- A requested pickup left with no guide is cancelled (its carrier was never told; it collects nothing).
UPDATE "pickups" SET "status" = 'cancelled', "cancelled_at" = now()
 WHERE "status" = 'requested'
   AND NOT EXISTS (SELECT 1 FROM "shipments" WHERE "shipments"."pickup_id" = "pickups"."id");
