CREATE TABLE "lit_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"year" integer,
	"venue" text,
	"license" text,
	"url" text,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lit_mentions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"org_id" integer,
	"entity_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"name" text NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"text" text NOT NULL,
	"xrefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provenance" text NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lit_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"document_id" uuid NOT NULL,
	"org_id" integer,
	"position" integer NOT NULL,
	"start" integer NOT NULL,
	"end" integer NOT NULL,
	"text" text NOT NULL,
	"entity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "lit_passages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "lit_triples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tri_id" text NOT NULL,
	"document_id" uuid NOT NULL,
	"passage_id" uuid,
	"org_id" integer,
	"head" jsonb NOT NULL,
	"head_id" text NOT NULL,
	"head_name" text NOT NULL,
	"relation" text NOT NULL,
	"tail" jsonb NOT NULL,
	"tail_id" text NOT NULL,
	"tail_name" text NOT NULL,
	"polarity" text NOT NULL,
	"evidence_score" double precision NOT NULL,
	"sentence_start" integer,
	"sentence_end" integer,
	"trigger" text,
	"method" text NOT NULL,
	"provenance" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lit_documents" ADD CONSTRAINT "lit_documents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_mentions" ADD CONSTRAINT "lit_mentions_document_id_lit_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."lit_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_mentions" ADD CONSTRAINT "lit_mentions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_passages" ADD CONSTRAINT "lit_passages_document_id_lit_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."lit_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_passages" ADD CONSTRAINT "lit_passages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_triples" ADD CONSTRAINT "lit_triples_document_id_lit_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."lit_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_triples" ADD CONSTRAINT "lit_triples_passage_id_lit_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."lit_passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lit_triples" ADD CONSTRAINT "lit_triples_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lit_documents_identity_idx" ON "lit_documents" USING btree (coalesce("org_id", 0),"source","external_id");--> statement-breakpoint
CREATE INDEX "lit_mentions_document_idx" ON "lit_mentions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "lit_mentions_entity_idx" ON "lit_mentions" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "lit_passages_document_idx" ON "lit_passages" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "lit_triples_head_idx" ON "lit_triples" USING btree ("head_id");--> statement-breakpoint
CREATE INDEX "lit_triples_tail_idx" ON "lit_triples" USING btree ("tail_id");--> statement-breakpoint
CREATE INDEX "lit_triples_document_idx" ON "lit_triples" USING btree ("document_id");