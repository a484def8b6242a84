CREATE TABLE "t1_customs_events" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"declaration_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"staff_user_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "t1_customs_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "t1_declarations" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"direction" text NOT NULL,
	"location_id" uuid NOT NULL,
	"abroad" jsonb NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"parcels" jsonb NOT NULL,
	"invoice_total_cents" integer NOT NULL,
	"incoterm" text NOT NULL,
	"reason" text NOT NULL,
	"reason_detail" text,
	"recipient_tax_id" text,
	"reference" text,
	"duties" jsonb NOT NULL,
	"shipping_quote_id" uuid NOT NULL,
	"shipment_id" uuid,
	"tracking_number" text,
	"customs_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"purchased_at" timestamp with time zone,
	CONSTRAINT "t1_declarations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "t1_duty_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"country" text NOT NULL,
	"min_value_usd_cents" integer NOT NULL,
	"max_value_usd_cents" integer,
	"rate_basis_points" integer NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "t1_duty_rates_rate" CHECK ("t1_duty_rates"."rate_basis_points" BETWEEN 0 AND 10000),
	CONSTRAINT "t1_duty_rates_range" CHECK ("t1_duty_rates"."min_value_usd_cents" >= 0 AND ("t1_duty_rates"."max_value_usd_cents" IS NULL OR "t1_duty_rates"."max_value_usd_cents" >= "t1_duty_rates"."min_value_usd_cents")),
	CONSTRAINT "t1_duty_rates_dates" CHECK ("t1_duty_rates"."effective_to" IS NULL OR "t1_duty_rates"."effective_to" >= "t1_duty_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "t1_exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usd_mxn" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "t1_exchange_rates_day" UNIQUE("effective_from"),
	CONSTRAINT "t1_exchange_rates_positive" CHECK ("t1_exchange_rates"."usd_mxn" > 0)
);
--> statement-breakpoint
CREATE TABLE "t1_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fraction" text NOT NULL,
	"scope" text NOT NULL,
	"authority" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "t1_restrictions_fraction" CHECK ("t1_restrictions"."fraction" ~ '^[0-9]{8}$'),
	CONSTRAINT "t1_restrictions_dates" CHECK ("t1_restrictions"."effective_to" IS NULL OR "t1_restrictions"."effective_to" >= "t1_restrictions"."effective_from")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "origin_country" text DEFAULT 'MX' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "destination_country" text DEFAULT 'MX' NOT NULL;--> statement-breakpoint
ALTER TABLE "t1_customs_events" ADD CONSTRAINT "t1_customs_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_customs_events" ADD CONSTRAINT "t1_customs_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_declarations" ADD CONSTRAINT "t1_declarations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_declarations" ADD CONSTRAINT "t1_declarations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_declarations" ADD CONSTRAINT "t1_declarations_shipping_quote_id_quotes_id_fk" FOREIGN KEY ("shipping_quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_declarations" ADD CONSTRAINT "t1_declarations_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_duty_rates" ADD CONSTRAINT "t1_duty_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_exchange_rates" ADD CONSTRAINT "t1_exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "t1_restrictions" ADD CONSTRAINT "t1_restrictions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "t1_customs_events_declaration" ON "t1_customs_events" USING btree ("organization_id","declaration_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "t1_declarations_shipment" ON "t1_declarations" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "t1_declarations_shipping_quote" ON "t1_declarations" USING btree ("shipping_quote_id");--> statement-breakpoint
CREATE INDEX "t1_declarations_list" ON "t1_declarations" USING btree ("organization_id","purchased_at" DESC NULLS LAST) WHERE "t1_declarations"."shipment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "t1_declarations_staff_list" ON "t1_declarations" USING btree ("purchased_at" DESC NULLS LAST) WHERE "t1_declarations"."shipment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "t1_duty_rates_version" ON "t1_duty_rates" USING btree ("direction","country","min_value_usd_cents","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "t1_restrictions_version" ON "t1_restrictions" USING btree ("fraction","authority","code","effective_from");
--> statement-breakpoint
-- Issue 25: the first rows of the staff-maintained tables, so a fresh database quotes duties.
-- Staff change them from the console (new rows with later effective dates supersede these).
INSERT INTO "t1_duty_rates" ("direction", "country", "min_value_usd_cents", "max_value_usd_cents", "rate_basis_points", "label", "source", "effective_from") VALUES
  ('import', '*', 0, 250000, 3350, 'Sin tratado comercial: tasa global 33.5 % hasta 2,500 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF.', '2025-08-15'),
  ('import', 'US', 0, 5000, 0, 'T-MEC: exento hasta 50 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF.', '2025-08-15'),
  ('import', 'US', 5001, 11700, 1700, 'T-MEC: 17 % de 50.01 a 117 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF.', '2025-08-15'),
  ('import', 'US', 11701, 250000, 1900, 'T-MEC: 19 % de 117.01 a 2,500 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF. El tope de 2,500 USD por consignatario es el del procedimiento.', '2025-08-15'),
  ('import', 'CA', 0, 5000, 0, 'T-MEC: exento hasta 50 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF.', '2025-08-15'),
  ('import', 'CA', 5001, 11700, 1700, 'T-MEC: 17 % de 50.01 a 117 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF.', '2025-08-15'),
  ('import', 'CA', 11701, 250000, 1900, 'T-MEC: 19 % de 117.01 a 2,500 USD', 'Procedimiento simplificado de mensajería y paquetería, RGCE regla 3.7.35, según la prensa para el 15-ago-2025; verificar contra el DOF. El tope de 2,500 USD por consignatario es el del procedimiento.', '2025-08-15'),
  ('export', 'US', 0, NULL, 1000, 'EE. UU.: sin de minimis; estimación general 10 %', 'Estimación de Despacho: EE. UU. suspendió el de minimis de 800 USD para todos los países desde el 29-ago-2025 (CBP); el arancel real depende de la fracción HTS y del origen, lo fija la aduana de EE. UU.', '2025-08-29'),
  ('export', 'CA', 0, 11000, 0, 'Canadá: sin impuestos hasta 150 CAD (≈ 110 USD) bajo T-MEC', 'Estimación de Despacho: umbral de Canadá para envíos de mensajería de México y EE. UU. (CUSMA) de 150 CAD en aranceles; impuestos desde 40 CAD. Verificar con la CBSA.', '2025-08-15'),
  ('export', 'CA', 11001, NULL, 1300, 'Canadá: estimación 13 % (impuestos federales y provinciales)', 'Estimación de Despacho a partir del GST/HST canadiense; el monto real lo fija la CBSA.', '2025-08-15');
--> statement-breakpoint
INSERT INTO "t1_exchange_rates" ("usd_mxn", "effective_from", "source") VALUES
  (185000, '2025-01-01', 'Referencia inicial de Despacho (18.5000), no es el FIX de Banxico: el personal la actualiza.');
--> statement-breakpoint
INSERT INTO "t1_restrictions" ("fraction", "scope", "authority", "kind", "code", "description", "source", "effective_from") VALUES
  ('01012101', 'import', 'SENASICA', 'permit', 'Certificado zoosanitario de importación', 'Animales vivos: requieren hoja de requisitos zoosanitarios y certificado de SENASICA.', 'Lista inicial de Despacho; verificar en la TIGIE y los acuerdos de la SADER.', '2024-01-01'),
  ('01012902', 'import', 'SENASICA', 'permit', 'Certificado zoosanitario de importación', 'Animales vivos: requieren hoja de requisitos zoosanitarios y certificado de SENASICA.', 'Lista inicial de Despacho; verificar en la TIGIE y los acuerdos de la SADER.', '2024-01-01'),
  ('30049099', 'import', 'COFEPRIS', 'permit', 'Permiso sanitario previo de importación', 'Medicamentos: requieren permiso sanitario de COFEPRIS.', 'Lista inicial de Despacho; verificar en el acuerdo de la Secretaría de Salud publicado en el DOF.', '2024-01-01'),
  ('27101999', 'both', 'SENER', 'permit', 'Permiso previo de importación o exportación de petrolíferos', 'Petrolíferos: requieren permiso de la Secretaría de Energía.', 'Lista inicial de Despacho; verificar en el acuerdo de la SENER publicado en el DOF.', '2024-01-01'),
  ('93032001', 'both', 'SEDENA', 'permit', 'Permiso de importación o exportación de armas', 'Armas de fuego: requieren permiso de la Secretaría de la Defensa Nacional.', 'Lista inicial de Despacho; verificar en el acuerdo de la SEDENA publicado en el DOF.', '2024-01-01');
