ALTER TABLE "modelos" ADD COLUMN "cantidad_minima" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modelos" ADD COLUMN "multiplo" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tarifas" ADD COLUMN "pedido_minimo_primero_cents" integer;--> statement-breakpoint
ALTER TABLE "tarifas" ADD COLUMN "pedido_minimo_cents" integer;--> statement-breakpoint
ALTER TABLE "modelos" ADD CONSTRAINT "modelos_cantidad_minima_positive" CHECK ("modelos"."cantidad_minima" >= 1);--> statement-breakpoint
ALTER TABLE "modelos" ADD CONSTRAINT "modelos_multiplo_positive" CHECK ("modelos"."multiplo" >= 1);--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_pedido_minimo_primero_non_negative" CHECK ("tarifas"."pedido_minimo_primero_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tarifas" ADD CONSTRAINT "tarifas_pedido_minimo_non_negative" CHECK ("tarifas"."pedido_minimo_cents" >= 0);