CREATE TABLE "signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"run_id" uuid NOT NULL,
	"signer_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"meaning" text NOT NULL,
	"content_sha256" text NOT NULL,
	"signed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatures_meaning_check" CHECK ("signatures"."meaning" in ('reviewed', 'approved'))
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signatures_run_idx" ON "signatures" USING btree ("org_id","run_id");