CREATE TABLE "depot_snapshots" (
	"sub" uuid NOT NULL,
	"day" date NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"cash" numeric(20, 2) NOT NULL,
	"invested" numeric(20, 2) NOT NULL,
	"flow_in" numeric(20, 2) NOT NULL,
	"flow_out" numeric(20, 2) NOT NULL,
	"positions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "depot_snapshots_sub_day_pk" PRIMARY KEY("sub","day")
);
