CREATE TABLE "first_steps_dismissals" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "first_steps_dismissals" ADD CONSTRAINT "first_steps_dismissals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_steps_dismissals" ADD CONSTRAINT "first_steps_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;