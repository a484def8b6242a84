CREATE TABLE "support_canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_attachments" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_ticket_attachments_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_messages" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "support_ticket_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" uuid NOT NULL,
	"author_kind" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_ticket_messages_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "support_ticket_messages_internal_staff" CHECK (not "support_ticket_messages"."internal" or "support_ticket_messages"."author_kind" = 'staff'),
	CONSTRAINT "support_ticket_messages_body_length" CHECK (char_length("support_ticket_messages"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opened_by" uuid NOT NULL,
	"title" text NOT NULL,
	"search_text" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'opened' NOT NULL,
	"link_kind" text,
	"link_id" uuid,
	"previous_ticket_id" uuid,
	"merged_into_id" uuid,
	"assignee_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"close_reason" text,
	"last_activity_at" timestamp with time zone NOT NULL,
	"waiting_on" text DEFAULT 'staff' NOT NULL,
	"clock_started_at" timestamp with time zone,
	"clock_ms" bigint DEFAULT 0 NOT NULL,
	"rating" smallint,
	"rating_comment" text,
	CONSTRAINT "support_tickets_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "support_tickets_link_whole" CHECK (("support_tickets"."link_kind" is null) = ("support_tickets"."link_id" is null)),
	CONSTRAINT "support_tickets_rating" CHECK ("support_tickets"."rating" between 1 and 5),
	CONSTRAINT "support_tickets_closed_whole" CHECK (("support_tickets"."status" = 'closed') = ("support_tickets"."closed_at" is not null and "support_tickets"."closed_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "support_canned_replies" ADD CONSTRAINT "support_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_message_fk" FOREIGN KEY ("organization_id","message_id") REFERENCES "public"."support_ticket_messages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_file_fk" FOREIGN KEY ("organization_id","file_id") REFERENCES "public"."files"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_ticket_fk" FOREIGN KEY ("organization_id","ticket_id") REFERENCES "public"."support_tickets"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_previous_fk" FOREIGN KEY ("organization_id","previous_ticket_id") REFERENCES "public"."support_tickets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_merged_into_fk" FOREIGN KEY ("organization_id","merged_into_id") REFERENCES "public"."support_tickets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_message" ON "support_ticket_attachments" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "support_ticket_messages_thread" ON "support_ticket_messages" USING btree ("organization_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_list" ON "support_tickets" USING btree ("organization_id","last_activity_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_id_index" ON "support_tickets" USING btree ("id");--> statement-breakpoint
CREATE INDEX "support_tickets_queue" ON "support_tickets" USING btree ("status","created_at");