ALTER TABLE "clientes" ADD COLUMN "regimen_fiscal" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "regimen_fiscal" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "iva_bp" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "re_bp" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "referencia" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "fecha_entrega" date;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_regimen_fiscal_valid" CHECK ("clientes"."regimen_fiscal" in ('general','recargo','intracomunitario','exportacion'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_referencia_length" CHECK (char_length("pedidos"."referencia") <= 30);--> statement-breakpoint
-- Orders submitted before taxes were shown are frozen as they were then: the general regime at 21 %.
UPDATE "pedidos" SET "regimen_fiscal" = 'general', "iva_bp" = 2100, "re_bp" = 520 WHERE "status" <> 'c';
