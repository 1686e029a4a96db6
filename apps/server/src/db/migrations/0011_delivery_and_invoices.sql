CREATE TABLE "cliente_direcciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"cp" text DEFAULT '' NOT NULL,
	"poblacion" text DEFAULT '' NOT NULL,
	"provincia" text DEFAULT '' NOT NULL,
	"pais" text DEFAULT 'España' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"predeterminada" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_direcciones_nombre_not_blank" CHECK (length(trim("cliente_direcciones"."nombre")) > 0)
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"numero" text NOT NULL,
	"fecha" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_pedido_id_unique" UNIQUE("pedido_id"),
	CONSTRAINT "facturas_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"delivery_lead_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_settings_one_row" CHECK ("order_settings"."id" = 1),
	CONSTRAINT "order_settings_lead_days" CHECK ("order_settings"."delivery_lead_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "entrega" jsonb;--> statement-breakpoint
ALTER TABLE "cliente_direcciones" ADD CONSTRAINT "cliente_direcciones_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_direcciones_cliente_idx" ON "cliente_direcciones" USING btree ("cliente_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cliente_direcciones_one_default" ON "cliente_direcciones" USING btree ("cliente_id") WHERE "cliente_direcciones"."predeterminada";--> statement-breakpoint
CREATE INDEX "facturas_list_idx" ON "facturas" USING btree ("fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "order_settings" ("id", "delivery_lead_days") VALUES (1, 3);--> statement-breakpoint
-- Each client with a fiscal address gets it as its first (default) delivery address.
INSERT INTO "cliente_direcciones" ("cliente_id", "nombre", "direccion", "cp", "poblacion", "provincia", "pais", "telefono", "predeterminada")
SELECT "id", "nomcome", "direccion", "cp", "poblacion", "provincia", "pais", "telefono", true
FROM "clientes" WHERE trim("direccion") <> '';
