CREATE TABLE "postal_code_settlements" (
	"zip" text NOT NULL,
	"settlement_id" text NOT NULL,
	"name" text NOT NULL,
	"settlement_type" text NOT NULL,
	"municipality" text NOT NULL,
	"municipality_code" text NOT NULL,
	"state" text NOT NULL,
	"state_code" text NOT NULL,
	"city" text NOT NULL,
	"zone" text NOT NULL,
	CONSTRAINT "postal_code_settlements_zip_settlement_id_pk" PRIMARY KEY("zip","settlement_id")
);
