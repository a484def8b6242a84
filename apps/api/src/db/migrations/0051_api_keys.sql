CREATE TABLE "api_key_calls" (
	"organization_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_key_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_key_secrets" (
	"hash" text PRIMARY KEY NOT NULL,
	"key_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"organization_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"allowed_ips" "inet"[] DEFAULT '{}' NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "api_keys_mode_check" CHECK ("api_keys"."mode" in ('test', 'live'))
);
--> statement-breakpoint
ALTER TABLE "api_key_calls" ADD CONSTRAINT "api_key_calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_calls" ADD CONSTRAINT "api_key_calls_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_secrets" ADD CONSTRAINT "api_key_secrets_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_calls_key" ON "api_key_calls" USING btree ("organization_id","key_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_key_calls_at" ON "api_key_calls" USING btree ("at");--> statement-breakpoint
CREATE INDEX "api_key_secrets_key" ON "api_key_secrets" USING btree ("key_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_keys_organization_list" ON "api_keys" USING btree ("organization_id","created_at" DESC NULLS LAST);