CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_route_pk" PRIMARY KEY("day","route")
);
