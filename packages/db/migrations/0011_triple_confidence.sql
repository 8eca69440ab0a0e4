-- Triples stored before calibrated confidence existed take their sentence evidence score (gold: 1) until re-ingested.
ALTER TABLE "lit_triples" ADD COLUMN "confidence" double precision;--> statement-breakpoint
UPDATE "lit_triples" SET "confidence" = CASE WHEN "provenance" = 'gold' THEN 1 ELSE "evidence_score" END;--> statement-breakpoint
ALTER TABLE "lit_triples" ALTER COLUMN "confidence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lit_triples" ADD COLUMN "supporting_sentences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "lit_triples_confidence_idx" ON "lit_triples" USING btree ("confidence");
