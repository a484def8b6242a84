CREATE TABLE "embarque_documents" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"uploader_kind" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embarque_documents_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_documents_kind_check" CHECK ("embarque_documents"."kind" in ('commercial_invoice', 'packing_list', 'bill_of_lading', 'pedimento', 'cove', 'doda', 'proof_of_delivery', 'invoice', 'other'))
);
--> statement-breakpoint
CREATE TABLE "embarque_events" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "embarque_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"note" text,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embarque_events_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_events_actor" CHECK (("embarque_events"."actor_kind" = 'system') = ("embarque_events"."actor_id" is null))
);
--> statement-breakpoint
CREATE TABLE "embarque_expenses" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"concept" text NOT NULL,
	"description" text,
	"amount" bigint NOT NULL,
	CONSTRAINT "embarque_expenses_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_expenses_amount" CHECK ("embarque_expenses"."amount" > 0),
	CONSTRAINT "embarque_expenses_concept_check" CHECK ("embarque_expenses"."concept" in ('igi', 'dta', 'iva', 'prevalidation', 'freight', 'insurance', 'storage', 'customs_broker', 'other'))
);
--> statement-breakpoint
CREATE TABLE "embarque_lines" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_sku" text,
	"fraction" text NOT NULL,
	"nico" text NOT NULL,
	"tariff_description" text NOT NULL,
	"umt" text NOT NULL,
	"umt_name" text NOT NULL,
	"commercial_quantity_milli" bigint NOT NULL,
	"commercial_unit" text NOT NULL,
	"customs_quantity_milli" bigint NOT NULL,
	"value_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"origin_country" text NOT NULL,
	"validated_on" text NOT NULL,
	CONSTRAINT "embarque_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_lines_code" CHECK ("embarque_lines"."fraction" ~ '^[0-9]{8}$' and "embarque_lines"."nico" ~ '^[0-9]{2}$'),
	CONSTRAINT "embarque_lines_amounts" CHECK ("embarque_lines"."commercial_quantity_milli" > 0 and "embarque_lines"."customs_quantity_milli" > 0 and "embarque_lines"."value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "embarque_payment_requests" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"concept" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"ledger_transaction_id" uuid,
	"pay_key" text,
	"invoice_id" uuid,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "embarque_payment_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_payment_requests_status_check" CHECK ("embarque_payment_requests"."status" in ('pending', 'paid', 'cancelled')
          and "embarque_payment_requests"."kind" in ('advance', 'service')),
	CONSTRAINT "embarque_payment_requests_paid" CHECK (("embarque_payment_requests"."status" = 'paid') = ("embarque_payment_requests"."ledger_transaction_id" is not null and "embarque_payment_requests"."paid_at" is not null)),
	CONSTRAINT "embarque_payment_requests_amounts" CHECK ("embarque_payment_requests"."amount" > 0 and "embarque_payment_requests"."refunded" >= 0 and "embarque_payment_requests"."refunded" <= "embarque_payment_requests"."amount"
          and ("embarque_payment_requests"."kind" = 'advance' or "embarque_payment_requests"."refunded" = 0)
          and ("embarque_payment_requests"."refunded" = 0 or "embarque_payment_requests"."status" = 'paid')),
	CONSTRAINT "embarque_payment_requests_invoice" CHECK ("embarque_payment_requests"."invoice_id" is null or ("embarque_payment_requests"."kind" = 'service' and "embarque_payment_requests"."status" = 'paid'))
);
--> statement-breakpoint
CREATE TABLE "embarque_supplier_payments" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"embarque_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid_on" text NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embarque_supplier_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarque_supplier_payments_amount" CHECK ("embarque_supplier_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "embarques" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "embarques_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"direction" text NOT NULL,
	"mode" text NOT NULL,
	"incoterm" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_country" text NOT NULL,
	"origin_country" text NOT NULL,
	"origin_place" text NOT NULL,
	"destination_country" text NOT NULL,
	"destination_place" text NOT NULL,
	"customer_reference" text,
	"notes" text,
	"step" text NOT NULL,
	"pedimento" text,
	"semaforo" text,
	"money_state" text NOT NULL,
	"balance" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"search_text" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "embarques_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "embarques_step_check" CHECK ("embarques"."step" in ('origin', 'in_transit', 'customs', 'previous', 'dispatch', 'delivered', 'closed', 'cancelled')),
	CONSTRAINT "embarques_kinds_check" CHECK ("embarques"."direction" in ('import', 'export')
          and "embarques"."mode" in ('sea', 'air', 'land', 'courier')
          and "embarques"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF')
          and "embarques"."money_state" in ('not_requested', 'payment_requested', 'customer_paid', 'pending_payment', 'billing', 'invoiced')
          and ("embarques"."semaforo" is null or "embarques"."semaforo" in ('green', 'red'))),
	CONSTRAINT "embarques_pending" CHECK ("embarques"."pending" >= 0),
	CONSTRAINT "embarques_pedimento_digits" CHECK ("embarques"."pedimento" ~ '^[0-9]{15}$'),
	CONSTRAINT "embarques_semaforo_after_pedimento" CHECK ("embarques"."semaforo" is null or "embarques"."pedimento" is not null),
	CONSTRAINT "embarques_cleared_has_pedimento" CHECK ("embarques"."step" not in ('dispatch', 'delivered', 'closed') or "embarques"."pedimento" is not null),
	CONSTRAINT "embarques_delivered_has_semaforo" CHECK ("embarques"."step" not in ('delivered', 'closed') or "embarques"."semaforo" is not null)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "deposit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "embarque_documents" ADD CONSTRAINT "embarque_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_documents" ADD CONSTRAINT "embarque_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_documents" ADD CONSTRAINT "embarque_documents_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_documents" ADD CONSTRAINT "embarque_documents_file_fk" FOREIGN KEY ("organization_id","file_id") REFERENCES "public"."files"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_events" ADD CONSTRAINT "embarque_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_events" ADD CONSTRAINT "embarque_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_events" ADD CONSTRAINT "embarque_events_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_expenses" ADD CONSTRAINT "embarque_expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_expenses" ADD CONSTRAINT "embarque_expenses_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_lines" ADD CONSTRAINT "embarque_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_lines" ADD CONSTRAINT "embarque_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_lines" ADD CONSTRAINT "embarque_lines_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_payment_requests" ADD CONSTRAINT "embarque_payment_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_payment_requests" ADD CONSTRAINT "embarque_payment_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_payment_requests" ADD CONSTRAINT "embarque_payment_requests_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_payment_requests" ADD CONSTRAINT "embarque_payment_requests_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_supplier_payments" ADD CONSTRAINT "embarque_supplier_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_supplier_payments" ADD CONSTRAINT "embarque_supplier_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarque_supplier_payments" ADD CONSTRAINT "embarque_supplier_payments_embarque_fk" FOREIGN KEY ("organization_id","embarque_id") REFERENCES "public"."embarques"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embarque_documents_embarque" ON "embarque_documents" USING btree ("organization_id","embarque_id");--> statement-breakpoint
CREATE INDEX "embarque_events_embarque" ON "embarque_events" USING btree ("organization_id","embarque_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "embarque_expenses_position" ON "embarque_expenses" USING btree ("organization_id","embarque_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "embarque_lines_position" ON "embarque_lines" USING btree ("organization_id","embarque_id","position");--> statement-breakpoint
CREATE INDEX "embarque_payment_requests_embarque" ON "embarque_payment_requests" USING btree ("organization_id","embarque_id");--> statement-breakpoint
CREATE INDEX "embarque_supplier_payments_embarque" ON "embarque_supplier_payments" USING btree ("organization_id","embarque_id");--> statement-breakpoint
CREATE INDEX "embarques_list" ON "embarques" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "embarques_id_index" ON "embarques" USING btree ("id");--> statement-breakpoint
CREATE INDEX "embarques_staff_list" ON "embarques" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "embarques_pedimento" ON "embarques" USING btree ("pedimento");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_service_charge" ON "invoices" USING btree ("ledger_transaction_id") WHERE "invoices"."kind" = 'service';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deposit_of_kind" CHECK (("invoices"."kind" = 'service') = ("invoices"."deposit_id" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('deposit', 'fee', 'service'));