ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_status_valid";--> statement-breakpoint
ALTER TABLE "pedido_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_status_valid" CHECK ("pedidos"."status" in ('c','w','p','e','x'));