ALTER TYPE "public"."audit_event_kind" ADD VALUE 'sso.provider_added';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'sso.provider_changed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'sso.provider_removed';--> statement-breakpoint
ALTER TYPE "public"."audit_event_kind" ADD VALUE 'sso.signed_in';--> statement-breakpoint
CREATE TABLE "workspace_sso_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"label" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"default_role" "role" DEFAULT 'editor' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_sso_providers_workspace_id_unique" UNIQUE("workspace_id")
);
--> statement-breakpoint
ALTER TABLE "workspace_sso_providers" ADD CONSTRAINT "workspace_sso_providers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;