DROP INDEX "pedidos_cliente_list_idx";--> statement-breakpoint
DROP INDEX "pedidos_status_idx";--> statement-breakpoint
DROP INDEX "pedidos_list_idx";--> statement-breakpoint
CREATE INDEX "pedidos_count_idx" ON "pedidos" USING btree ("tipodoc","status");--> statement-breakpoint
CREATE INDEX "pedidos_cliente_list_idx" ON "pedidos" USING btree ("cliente_id","tipodoc","fecha_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");--> statement-breakpoint
CREATE INDEX "pedidos_status_idx" ON "pedidos" USING btree ("status","fecha_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pedidos_list_idx" ON "pedidos" USING btree ("tipodoc","fecha_pedido" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");