ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;