ALTER TABLE "pedido_lineas" ALTER COLUMN "modelo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tarifas" ADD COLUMN "porte_cents" integer;--> statement-breakpoint
ALTER TABLE "tarifas" ADD COLUMN "porte_gratis_desde_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_lineas_one_porte" ON "pedido_lineas" USING btree ("pedido_id") WHERE "pedido_lineas"."porte";--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_modelo_unless_porte" CHECK ("pedido_lineas"."porte" or "pedido_lineas"."modelo" is not null);--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_porte_non_negative" CHECK ("tarifas"."porte_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_porte_gratis_non_negative" CHECK ("tarifas"."porte_gratis_desde_cents" >= 0);