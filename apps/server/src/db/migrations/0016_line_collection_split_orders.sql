ALTER TABLE "pedido_lineas" ADD COLUMN "colecciones_id" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "entrega_desde" date;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "entrega_hasta" date;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "lote_id" integer;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_colecciones_id_colecciones_id_fk" FOREIGN KEY ("colecciones_id") REFERENCES "public"."colecciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_lote_id_pedidos_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."pedidos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_lineas_coleccion_idx" ON "pedido_lineas" USING btree ("colecciones_id") WHERE "pedido_lineas"."colecciones_id" is not null;--> statement-breakpoint
CREATE INDEX "pedidos_lote_idx" ON "pedidos" USING btree ("lote_id") WHERE "pedidos"."lote_id" is not null;