CREATE TABLE "workspace_slug_redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"old_slug" text NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_slug_redirects_old_slug_unique" UNIQUE("old_slug")
);
--> statement-breakpoint
ALTER TABLE "workspace_slug_redirects" ADD CONSTRAINT "workspace_slug_redirects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_slug_redirects_workspace_idx" ON "workspace_slug_redirects" USING btree ("workspace_id");