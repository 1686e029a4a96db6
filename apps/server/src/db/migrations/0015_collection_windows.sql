ALTER TABLE "colecciones" ADD COLUMN "pedido_desde" date;--> statement-breakpoint
ALTER TABLE "colecciones" ADD COLUMN "pedido_hasta" date;--> statement-breakpoint
ALTER TABLE "colecciones" ADD COLUMN "entrega_desde" date;--> statement-breakpoint
ALTER TABLE "colecciones" ADD COLUMN "entrega_hasta" date;--> statement-breakpoint
ALTER TABLE "colecciones" ADD CONSTRAINT "colecciones_pedido_window" CHECK ("colecciones"."pedido_desde" is null or "colecciones"."pedido_hasta" is null or "colecciones"."pedido_desde" <= "colecciones"."pedido_hasta");--> statement-breakpoint
ALTER TABLE "colecciones" ADD CONSTRAINT "colecciones_entrega_window" CHECK ("colecciones"."entrega_desde" is null or "colecciones"."entrega_hasta" is null or "colecciones"."entrega_desde" <= "colecciones"."entrega_hasta");