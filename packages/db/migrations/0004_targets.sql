CREATE TABLE "ref_diseases" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"alt_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"xrefs" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ref_genes" (
	"hgnc_id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text,
	"protein_name" text,
	"ensembl_gene_id" text,
	"ncbi_gene_id" text,
	"uniprot_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"previous_symbols" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_feature_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer,
	"version" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_features" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ingestion_id" uuid NOT NULL,
	"org_id" integer,
	"feature_set_id" integer NOT NULL,
	"source" text NOT NULL,
	"feature_name" text NOT NULL,
	"component" text NOT NULL,
	"hgnc_id" text NOT NULL,
	"disease_id" text,
	"score" double precision NOT NULL,
	"raw" double precision
);
--> statement-breakpoint
CREATE TABLE "target_ingestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"org_id" integer,
	"feature_set_id" integer NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rows_read" integer NOT NULL,
	"features_written" integer NOT NULL,
	"genes_matched" integer NOT NULL,
	"unmatched" jsonb DEFAULT '{"count":0,"examples":[]}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "target_ingestions_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "target_network_edges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ingestion_id" uuid NOT NULL,
	"org_id" integer,
	"feature_set_id" integer NOT NULL,
	"gene_a" text NOT NULL,
	"gene_b" text NOT NULL,
	"score" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_rankings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope_key" text NOT NULL,
	"feature_set_version" text NOT NULL,
	"disease_id" text NOT NULL,
	"stamp" text NOT NULL,
	"engine_job_id" uuid,
	"result" jsonb NOT NULL,
	"computed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "target_feature_sets" ADD CONSTRAINT "target_feature_sets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_feature_sets" ADD CONSTRAINT "target_feature_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_features" ADD CONSTRAINT "target_features_ingestion_id_target_ingestions_id_fk" FOREIGN KEY ("ingestion_id") REFERENCES "public"."target_ingestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_features" ADD CONSTRAINT "target_features_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_features" ADD CONSTRAINT "target_features_feature_set_id_target_feature_sets_id_fk" FOREIGN KEY ("feature_set_id") REFERENCES "public"."target_feature_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_ingestions" ADD CONSTRAINT "target_ingestions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_ingestions" ADD CONSTRAINT "target_ingestions_feature_set_id_target_feature_sets_id_fk" FOREIGN KEY ("feature_set_id") REFERENCES "public"."target_feature_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_ingestions" ADD CONSTRAINT "target_ingestions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_network_edges" ADD CONSTRAINT "target_network_edges_ingestion_id_target_ingestions_id_fk" FOREIGN KEY ("ingestion_id") REFERENCES "public"."target_ingestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_network_edges" ADD CONSTRAINT "target_network_edges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_network_edges" ADD CONSTRAINT "target_network_edges_feature_set_id_target_feature_sets_id_fk" FOREIGN KEY ("feature_set_id") REFERENCES "public"."target_feature_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ref_genes_symbol_idx" ON "ref_genes" USING btree (upper("symbol"));--> statement-breakpoint
CREATE UNIQUE INDEX "target_feature_sets_identity_idx" ON "target_feature_sets" USING btree (coalesce("org_id", 0),"version");--> statement-breakpoint
CREATE INDEX "target_features_set_disease_idx" ON "target_features" USING btree ("feature_set_id","disease_id");--> statement-breakpoint
CREATE INDEX "target_features_gene_idx" ON "target_features" USING btree ("hgnc_id");--> statement-breakpoint
CREATE INDEX "target_ingestions_org_idx" ON "target_ingestions" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "target_network_edges_set_idx" ON "target_network_edges" USING btree ("feature_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "target_rankings_identity_idx" ON "target_rankings" USING btree ("scope_key","feature_set_version","disease_id");