CREATE TABLE "job_progress" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"fraction" double precision NOT NULL,
	"stage" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
