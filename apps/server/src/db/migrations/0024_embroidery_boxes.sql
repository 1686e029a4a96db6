CREATE TABLE "embroidery_boxes" (
	"modelos_modelo" text NOT NULL,
	"posicion" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"w" double precision NOT NULL,
	"h" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embroidery_boxes_modelos_modelo_posicion_pk" PRIMARY KEY("modelos_modelo","posicion"),
	CONSTRAINT "embroidery_boxes_inside_image" CHECK ("embroidery_boxes"."x" >= 0 and "embroidery_boxes"."y" >= 0 and "embroidery_boxes"."w" > 0 and "embroidery_boxes"."h" > 0 and "embroidery_boxes"."x" + "embroidery_boxes"."w" <= 1.0001 and "embroidery_boxes"."y" + "embroidery_boxes"."h" <= 1.0001)
);
--> statement-breakpoint
CREATE TABLE "embroidery_preview_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" text NOT NULL,
	CONSTRAINT "embroidery_preview_key_one_row" CHECK ("embroidery_preview_key"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "embroidery_boxes" ADD CONSTRAINT "embroidery_boxes_modelos_modelo_modelos_modelo_fk" FOREIGN KEY ("modelos_modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The signing key: 244 random bits from two version-4 UUIDs (gen_random_uuid draws from the strong source).
INSERT INTO "embroidery_preview_key" ("id", "secret")
VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
