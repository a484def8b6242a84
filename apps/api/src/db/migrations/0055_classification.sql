CREATE TABLE "classification_items" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"materials" text NOT NULL,
	"use" text NOT NULL,
	"brand" text,
	"model" text,
	"origin_country" text NOT NULL,
	"notes" text,
	"search_text" text NOT NULL,
	"fee_centavos" integer NOT NULL,
	"vat_centavos" integer NOT NULL,
	"fee_state" text NOT NULL,
	"hold_id" uuid NOT NULL,
	"hold_seq" integer DEFAULT 1 NOT NULL,
	"charge_transaction_id" uuid,
	"due_date" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"classifier_id" uuid,
	"reviewer_id" uuid,
	"reject_reason" text,
	"not_classifiable_reason" text,
	"not_classifiable_needs" text,
	"not_classifiable_candidates" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "classification_items_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "classification_items_status_check" CHECK ("classification_items"."status" in ('UNCLASSIFIED', 'IN_CLASSIFICATION', 'PROCESS_CLASSIFICATION', 'IN_REVIEW', 'CLASSIFIED', 'NOT_CLASSIFIABLE', 'REJECT') and "classification_items"."status" <> 'UNCLASSIFIED'),
	CONSTRAINT "classification_items_fee_state_check" CHECK ("classification_items"."fee_state" in ('held', 'captured', 'released')),
	CONSTRAINT "classification_items_fee_split" CHECK ("classification_items"."fee_centavos" > 0 and "classification_items"."vat_centavos" >= 0 and "classification_items"."vat_centavos" < "classification_items"."fee_centavos"),
	CONSTRAINT "classification_items_classified_paid" CHECK ("classification_items"."status" <> 'CLASSIFIED' or "classification_items"."fee_state" = 'captured'),
	CONSTRAINT "classification_items_second_person" CHECK ("classification_items"."reviewer_id" is null or "classification_items"."reviewer_id" <> "classification_items"."classifier_id")
);
--> statement-breakpoint
CREATE TABLE "classification_requests" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "classification_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "classification_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "classification_results" (
	"organization_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"fraction" text NOT NULL,
	"nico" text NOT NULL,
	"umt" text NOT NULL,
	"umt_description" text NOT NULL,
	"chain" jsonb NOT NULL,
	"rationale_rules" text[] NOT NULL,
	"rationale" text NOT NULL,
	"duties" jsonb NOT NULL,
	"restrictions" jsonb NOT NULL,
	"tariff_data_date" text NOT NULL,
	"validated_on" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "classification_results_organization_id_item_id_pk" PRIMARY KEY("organization_id","item_id"),
	CONSTRAINT "classification_results_code" CHECK ("classification_results"."fraction" ~ '^[0-9]{8}$' and "classification_results"."nico" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "classification_transitions" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "classification_transitions_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "classification_transitions_actor" CHECK (("classification_transitions"."actor_kind" = 'system') = ("classification_transitions"."actor_id" is null))
);
--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_classifier_id_users_id_fk" FOREIGN KEY ("classifier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_items" ADD CONSTRAINT "classification_items_request_fk" FOREIGN KEY ("organization_id","request_id") REFERENCES "public"."classification_requests"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_requests" ADD CONSTRAINT "classification_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_requests" ADD CONSTRAINT "classification_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_results" ADD CONSTRAINT "classification_results_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_results" ADD CONSTRAINT "classification_results_item_fk" FOREIGN KEY ("organization_id","item_id") REFERENCES "public"."classification_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_transitions" ADD CONSTRAINT "classification_transitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_transitions" ADD CONSTRAINT "classification_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classification_transitions" ADD CONSTRAINT "classification_transitions_item_fk" FOREIGN KEY ("organization_id","item_id") REFERENCES "public"."classification_items"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classification_items_request" ON "classification_items" USING btree ("organization_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classification_items_product_open" ON "classification_items" USING btree ("organization_id","product_id") WHERE "classification_items"."status" <> 'NOT_CLASSIFIABLE';--> statement-breakpoint
CREATE INDEX "classification_items_id_index" ON "classification_items" USING btree ("id");--> statement-breakpoint
CREATE INDEX "classification_items_queue" ON "classification_items" USING btree ("status","due_date","created_at");--> statement-breakpoint
CREATE INDEX "classification_requests_list" ON "classification_requests" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "classification_requests_id_index" ON "classification_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "classification_results_code" ON "classification_results" USING btree ("organization_id","fraction","nico");--> statement-breakpoint
CREATE INDEX "classification_transitions_item" ON "classification_transitions" USING btree ("organization_id","item_id","created_at");--> statement-breakpoint
CREATE INDEX "tariff_fractions_spanish" ON "tariff_fractions" USING gin (to_tsvector('spanish', "search_description"));--> statement-breakpoint
CREATE INDEX "tariff_fractions_trgm" ON "tariff_fractions" USING gin ("search_description" gin_trgm_ops);