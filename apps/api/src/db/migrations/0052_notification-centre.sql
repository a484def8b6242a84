CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"body_es" text NOT NULL,
	"body_en" text NOT NULL,
	"audience" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_ends_after_start" CHECK ("news"."ends_at" is null or "news"."ends_at" >= "news"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "notification_mail_kinds" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_mail_kinds_organization_id_kind_user_id_pk" PRIMARY KEY("organization_id","kind","user_id")
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_kinds" ADD CONSTRAINT "notification_mail_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_starts_at_index" ON "news" USING btree ("starts_at" DESC NULLS LAST);