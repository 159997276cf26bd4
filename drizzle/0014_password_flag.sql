ALTER TABLE "users" ADD COLUMN "has_password" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Accounts made before this: those single sign-on made have no credential account with a password.
UPDATE "users" SET "has_password" = EXISTS (SELECT 1 FROM "accounts" WHERE "accounts"."user_id" = "users"."id" AND "accounts"."provider_id" = 'credential' AND "accounts"."password" IS NOT NULL);
