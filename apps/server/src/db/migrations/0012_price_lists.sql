CREATE TABLE "tarifa_descuentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarifa_id" integer NOT NULL,
	"colecciones_id" integer,
	"familia" integer,
	"descuento_bp" integer NOT NULL,
	CONSTRAINT "tarifa_descuentos_one_target" CHECK (("tarifa_descuentos"."colecciones_id" is null) <> ("tarifa_descuentos"."familia" is null)),
	CONSTRAINT "tarifa_descuentos_range" CHECK ("tarifa_descuentos"."descuento_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tarifa_precios" (
	"tarifa_id" integer NOT NULL,
	"modelo" text NOT NULL,
	"precio_cents" integer NOT NULL,
	CONSTRAINT "tarifa_precios_tarifa_id_modelo_pk" PRIMARY KEY("tarifa_id","modelo"),
	CONSTRAINT "tarifa_precios_non_negative" CHECK ("tarifa_precios"."precio_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tarifas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descuento_bp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarifas_nombre_not_blank" CHECK (length(trim("tarifas"."nombre")) > 0),
	CONSTRAINT "tarifas_descuento_range" CHECK ("tarifas"."descuento_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "tarifa_id" integer;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "descuento_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD COLUMN "pvp_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tarifa_descuentos" ADD CONSTRAINT "tarifa_descuentos_tarifa_id_tarifas_id_fk" FOREIGN KEY ("tarifa_id") REFERENCES "public"."tarifas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_descuentos" ADD CONSTRAINT "tarifa_descuentos_colecciones_id_colecciones_id_fk" FOREIGN KEY ("colecciones_id") REFERENCES "public"."colecciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_precios" ADD CONSTRAINT "tarifa_precios_tarifa_id_tarifas_id_fk" FOREIGN KEY ("tarifa_id") REFERENCES "public"."tarifas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifa_precios" ADD CONSTRAINT "tarifa_precios_modelo_modelos_modelo_fk" FOREIGN KEY ("modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "tarifa_descuentos_coleccion_unique" ON "tarifa_descuentos" USING btree ("tarifa_id","colecciones_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tarifa_descuentos_familia_unique" ON "tarifa_descuentos" USING btree ("tarifa_id","familia");--> statement-breakpoint
CREATE INDEX "tarifa_descuentos_coleccion_idx" ON "tarifa_descuentos" USING btree ("colecciones_id");--> statement-breakpoint
CREATE INDEX "tarifa_precios_modelo_idx" ON "tarifa_precios" USING btree ("modelo");--> statement-breakpoint
CREATE UNIQUE INDEX "tarifas_nombre_unique" ON "tarifas" USING btree ("nombre");--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_tarifa_id_tarifas_id_fk" FOREIGN KEY ("tarifa_id") REFERENCES "public"."tarifas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_descuento_range" CHECK ("clientes"."descuento_bp" between 0 and 10000);--> statement-breakpoint
-- Lines added before price lists were charged at PVP (record 049).
UPDATE "pedido_lineas" SET "pvp_cents" = "precio_cents";--> statement-breakpoint
-- A price list's change moves the catalogue version on, like a model's: search answers are cached
-- per version and per price list (record 049), so none outlives a change of its list (or of the
-- collections a model is in, which choose its collection discount).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tarifas', 'tarifa_descuentos', 'tarifa_precios', 'coleccion_modelos'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_truncate()', t || '_catalog_version_truncate', t);
  END LOOP;
END;
$$;
