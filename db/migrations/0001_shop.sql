CREATE TYPE "public"."gcode_dialect" AS ENUM('fanuc', 'haas', 'linuxcnc', 'sinumerik', 'heidenhain', 'okuma', 'iso-edm');--> statement-breakpoint
CREATE TYPE "public"."job_type" AS ENUM('Lathe', 'Milling', 'Wire EDM', 'Sinker EDM');--> statement-breakpoint
CREATE TYPE "public"."machine_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TABLE "controller_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"controller_type_id" uuid NOT NULL,
	"dialect" "gcode_dialect" NOT NULL,
	CONSTRAINT "controller_models_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "controller_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "controller_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "machine_model_controllers" (
	"machine_model_id" uuid NOT NULL,
	"controller_model_id" uuid NOT NULL,
	CONSTRAINT "machine_model_controllers_machine_model_id_controller_model_id_pk" PRIMARY KEY("machine_model_id","controller_model_id")
);
--> statement-breakpoint
CREATE TABLE "machine_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"machine_type_id" uuid NOT NULL,
	CONSTRAINT "machine_models_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "machine_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"job_type" "job_type" NOT NULL,
	CONSTRAINT "machine_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "machine_status" DEFAULT 'active' NOT NULL,
	"machine_type_id" uuid,
	"manufacturer_id" uuid,
	"machine_model_id" uuid,
	"controller_type_id" uuid,
	"controller_model_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "manufacturers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tooling_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"machine_id" uuid NOT NULL,
	"slot_number" text NOT NULL,
	"tool_name" text NOT NULL,
	"tool_description" text NOT NULL,
	"tool_type" text NOT NULL,
	"tool_manufacturer" text NOT NULL,
	"tool_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "controller_models" ADD CONSTRAINT "controller_models_controller_type_id_controller_types_id_fk" FOREIGN KEY ("controller_type_id") REFERENCES "public"."controller_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_model_controllers" ADD CONSTRAINT "machine_model_controllers_machine_model_id_machine_models_id_fk" FOREIGN KEY ("machine_model_id") REFERENCES "public"."machine_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_model_controllers" ADD CONSTRAINT "machine_model_controllers_controller_model_id_controller_models_id_fk" FOREIGN KEY ("controller_model_id") REFERENCES "public"."controller_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_models" ADD CONSTRAINT "machine_models_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_models" ADD CONSTRAINT "machine_models_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_machine_type_id_machine_types_id_fk" FOREIGN KEY ("machine_type_id") REFERENCES "public"."machine_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_machine_model_id_machine_models_id_fk" FOREIGN KEY ("machine_model_id") REFERENCES "public"."machine_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_controller_type_id_controller_types_id_fk" FOREIGN KEY ("controller_type_id") REFERENCES "public"."controller_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_controller_model_id_controller_models_id_fk" FOREIGN KEY ("controller_model_id") REFERENCES "public"."controller_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooling_pairs" ADD CONSTRAINT "tooling_pairs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tooling_pairs" ADD CONSTRAINT "tooling_pairs_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_model_controllers_controller_idx" ON "machine_model_controllers" USING btree ("controller_model_id");--> statement-breakpoint
CREATE INDEX "machine_models_lookup_idx" ON "machine_models" USING btree ("machine_type_id","manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "machines_serial_per_organization_key" ON "machines" USING btree ("organization_id",lower("serial_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "tooling_pairs_slot_per_machine_key" ON "tooling_pairs" USING btree ("machine_id","slot_number");--> statement-breakpoint
CREATE INDEX "tooling_pairs_organization_idx" ON "tooling_pairs" USING btree ("organization_id");