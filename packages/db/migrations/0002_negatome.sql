CREATE TABLE "negatome_agreements" (
	"user_id" integer NOT NULL,
	"agreement_version" text NOT NULL,
	"user_declared_id" text,
	"accepted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negatome_agreements_user_id_agreement_version_pk" PRIMARY KEY("user_id","agreement_version")
);
--> statement-breakpoint
CREATE TABLE "negatome_ingest_keys" (
	"org_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"inserted" integer NOT NULL,
	"skipped" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negatome_ingest_keys_org_id_idempotency_key_pk" PRIMARY KEY("org_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "negatome_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer,
	"failure_class" text NOT NULL,
	"target_uniprot_id" text,
	"compound_inchi_key" text NOT NULL,
	"compound_smiles" text NOT NULL,
	"fingerprint" "bytea" NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"score" double precision,
	"reason" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confidence_tier" text NOT NULL,
	"contributor_id" integer,
	"match_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negatome_records_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "negatome_agreements" ADD CONSTRAINT "negatome_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negatome_ingest_keys" ADD CONSTRAINT "negatome_ingest_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negatome_records" ADD CONSTRAINT "negatome_records_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negatome_records" ADD CONSTRAINT "negatome_records_contributor_id_users_id_fk" FOREIGN KEY ("contributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "negatome_source_key_idx" ON "negatome_records" USING btree ("source","source_key");--> statement-breakpoint
CREATE INDEX "negatome_inchikey_idx" ON "negatome_records" USING btree ("compound_inchi_key");--> statement-breakpoint
CREATE INDEX "negatome_target_idx" ON "negatome_records" USING btree ("target_uniprot_id");--> statement-breakpoint
CREATE INDEX "negatome_org_created_idx" ON "negatome_records" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "negatome_contributor_idx" ON "negatome_records" USING btree ("contributor_id");