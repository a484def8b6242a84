CREATE TABLE "flow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"organization_id" uuid,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"state" text NOT NULL,
	"step" text NOT NULL,
	"failed_step" text,
	"error" text,
	"data" jsonb NOT NULL,
	"instance" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "flow_runs_state_check" CHECK ("flow_runs"."state" in ('running', 'succeeded', 'compensating', 'compensated', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_active_subject" ON "flow_runs" USING btree ("kind","subject_id") WHERE "flow_runs"."state" in ('running', 'compensating');--> statement-breakpoint
CREATE INDEX "flow_runs_staff_list" ON "flow_runs" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flow_runs_newest" ON "flow_runs" USING btree ("created_at" DESC NULLS LAST);