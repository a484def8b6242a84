ALTER TABLE "product_imports" DROP CONSTRAINT "product_imports_status_check";--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "results" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_status_check" CHECK ("product_imports"."status" in ('invalid', 'checked', 'queued', 'running', 'done', 'failed'));