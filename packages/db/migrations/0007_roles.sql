ALTER TABLE "memberships" ALTER COLUMN "role" SET DEFAULT 'scientist';--> statement-breakpoint
-- Roles used to be stored and never checked ("member", or "owner" for whoever signed up): the
-- organization's creator stays its owner, everyone else becomes a scientist (runs work, changes no settings).
UPDATE "memberships" SET "role" = 'owner' FROM "organizations" WHERE "organizations"."id" = "memberships"."org_id" AND "organizations"."owner_user_id" = "memberships"."user_id";--> statement-breakpoint
UPDATE "memberships" SET "role" = 'scientist' WHERE "role" NOT IN ('owner', 'admin', 'scientist', 'viewer');--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'scientist', 'viewer'));
