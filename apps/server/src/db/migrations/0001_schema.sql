CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"acting_cliente_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nomcome" text NOT NULL,
	"nombre" text DEFAULT '' NOT NULL,
	"cif" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"poblacion" text DEFAULT '' NOT NULL,
	"provincia" text DEFAULT '' NOT NULL,
	"cp" text DEFAULT '' NOT NULL,
	"pais" text DEFAULT 'España' NOT NULL,
	"representante_id" integer,
	"activo" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_nomcome_not_blank" CHECK (length(trim("clientes"."nomcome")) > 0)
);
--> statement-breakpoint
CREATE TABLE "coleccion_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"colecciones_id" integer NOT NULL,
	"url_img" text NOT NULL,
	"thumb_url" text,
	"initial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coleccion_modelos" (
	"colecciones_id" integer NOT NULL,
	"modelos_modelo" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coleccion_modelos_colecciones_id_modelos_modelo_pk" PRIMARY KEY("colecciones_id","modelos_modelo")
);
--> statement-breakpoint
CREATE TABLE "colecciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_en" text DEFAULT '' NOT NULL,
	"coleccion" text NOT NULL,
	"activado" boolean DEFAULT true NOT NULL,
	"solorepresentantes" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colecciones_nombre_not_blank" CHECK (length(trim("colecciones"."nombre")) > 0)
);
--> statement-breakpoint
CREATE TABLE "docum_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelo_grupos" (
	"modelos_modelo" text NOT NULL,
	"parametros_grupos_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"section_models_id" integer,
	"size" numeric(10, 3) DEFAULT 1 NOT NULL,
	CONSTRAINT "modelo_grupos_modelos_modelo_parametros_grupos_id_pk" PRIMARY KEY("modelos_modelo","parametros_grupos_id"),
	CONSTRAINT "modelo_grupos_size_non_negative" CHECK ("modelo_grupos"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "modelo_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"modelos_modelo" text NOT NULL,
	"url_img" text NOT NULL,
	"thumb_url" text,
	"color0" text,
	"principal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelos" (
	"modelo" text PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"descripcion_en" text DEFAULT '' NOT NULL,
	"pvp_cents" integer DEFAULT 0 NOT NULL,
	"personalizado" integer DEFAULT 1 NOT NULL,
	"modelobordado" text DEFAULT '0802' NOT NULL,
	"familia" integer DEFAULT 8 NOT NULL,
	"baja" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelos_modelo_not_blank" CHECK (length(trim("modelos"."modelo")) > 0),
	CONSTRAINT "modelos_pvp_non_negative" CHECK ("modelos"."pvp_cents" >= 0),
	CONSTRAINT "modelos_personalizado_valid" CHECK ("modelos"."personalizado" in (1, 2)),
	CONSTRAINT "modelos_familia_positive" CHECK ("modelos"."familia" >= 1)
);
--> statement-breakpoint
CREATE TABLE "parametro_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"parametros_grupos_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parametros" (
	"id" serial PRIMARY KEY NOT NULL,
	"parametros_grupos_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"nombre_en" text DEFAULT '' NOT NULL,
	"color" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"letters" integer DEFAULT 0 NOT NULL,
	"embroidery_color" boolean DEFAULT false NOT NULL,
	"embroidery_position" text DEFAULT '' NOT NULL,
	"activado" boolean DEFAULT true NOT NULL,
	"imagen" text,
	"position" integer DEFAULT 0 NOT NULL,
	"section_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametros_price_non_negative" CHECK ("parametros"."price_cents" >= 0),
	CONSTRAINT "parametros_letters_non_negative" CHECK ("parametros"."letters" >= 0),
	CONSTRAINT "parametros_color_hex" CHECK ("parametros"."color" is null or "parametros"."color" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "parametros_grupos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_en" text DEFAULT '' NOT NULL,
	"activado" boolean DEFAULT true NOT NULL,
	"size" numeric(10, 3) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametros_grupos_nombre_not_blank" CHECK (length(trim("parametros_grupos"."nombre")) > 0),
	CONSTRAINT "parametros_grupos_size_non_negative" CHECK ("parametros_grupos"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"modelo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"descripcion_en" text DEFAULT '' NOT NULL,
	"unped" integer NOT NULL,
	"precio_cents" integer NOT NULL,
	"parametros_color" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parametros_bordado" jsonb,
	"nota" text DEFAULT '' NOT NULL,
	"primary_line_id" integer,
	"porte" boolean DEFAULT false NOT NULL,
	"config_key" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedido_lineas_unped_positive" CHECK ("pedido_lineas"."unped" >= 1),
	CONSTRAINT "pedido_lineas_precio_non_negative" CHECK ("pedido_lineas"."precio_cents" >= 0),
	CONSTRAINT "pedido_lineas_nota_length" CHECK (char_length("pedido_lineas"."nota") <= 50)
);
--> statement-breakpoint
CREATE TABLE "pedido_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"from_status" text,
	"status" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"docum" text,
	"tipodoc" text DEFAULT 'E' NOT NULL,
	"status" text DEFAULT 'c' NOT NULL,
	"cliente_id" integer NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"fecha_pedido" timestamp with time zone,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_status_valid" CHECK ("pedidos"."status" in ('c','w','p','e')),
	CONSTRAINT "pedidos_docum_when_submitted" CHECK ("pedidos"."status" = 'c' or "pedidos"."docum" is not null),
	CONSTRAINT "pedidos_nota_length" CHECK (char_length("pedidos"."nota") <= 500)
);
--> statement-breakpoint
CREATE TABLE "section_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"cliente_id" integer,
	"language" text DEFAULT 'es' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"infosend" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('Admin','Cliente','Representante')),
	CONSTRAINT "users_language_valid" CHECK ("users"."language" in ('es','en')),
	CONSTRAINT "users_cliente_required" CHECK ("users"."role" <> 'Cliente' or "users"."cliente_id" is not null),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_representante_id_users_id_fk" FOREIGN KEY ("representante_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coleccion_imagenes" ADD CONSTRAINT "coleccion_imagenes_colecciones_id_colecciones_id_fk" FOREIGN KEY ("colecciones_id") REFERENCES "public"."colecciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coleccion_modelos" ADD CONSTRAINT "coleccion_modelos_colecciones_id_colecciones_id_fk" FOREIGN KEY ("colecciones_id") REFERENCES "public"."colecciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coleccion_modelos" ADD CONSTRAINT "coleccion_modelos_modelos_modelo_modelos_modelo_fk" FOREIGN KEY ("modelos_modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "modelo_grupos" ADD CONSTRAINT "modelo_grupos_modelos_modelo_modelos_modelo_fk" FOREIGN KEY ("modelos_modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "modelo_grupos" ADD CONSTRAINT "modelo_grupos_parametros_grupos_id_parametros_grupos_id_fk" FOREIGN KEY ("parametros_grupos_id") REFERENCES "public"."parametros_grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_grupos" ADD CONSTRAINT "modelo_grupos_section_models_id_section_models_id_fk" FOREIGN KEY ("section_models_id") REFERENCES "public"."section_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_imagenes" ADD CONSTRAINT "modelo_imagenes_modelos_modelo_modelos_modelo_fk" FOREIGN KEY ("modelos_modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "parametro_sections" ADD CONSTRAINT "parametro_sections_parametros_grupos_id_parametros_grupos_id_fk" FOREIGN KEY ("parametros_grupos_id") REFERENCES "public"."parametros_grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros" ADD CONSTRAINT "parametros_parametros_grupos_id_parametros_grupos_id_fk" FOREIGN KEY ("parametros_grupos_id") REFERENCES "public"."parametros_grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros" ADD CONSTRAINT "parametros_section_id_parametro_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."parametro_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_modelo_modelos_modelo_fk" FOREIGN KEY ("modelo") REFERENCES "public"."modelos"("modelo") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_primary_line_id_pedido_lineas_id_fk" FOREIGN KEY ("primary_line_id") REFERENCES "public"."pedido_lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_status_history" ADD CONSTRAINT "pedido_status_history_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_status_history" ADD CONSTRAINT "pedido_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_unique" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "auth_failures_key_at_idx" ON "auth_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "clientes_search_trgm" ON "clientes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_representante_idx" ON "clientes" USING btree ("representante_id");--> statement-breakpoint
CREATE INDEX "clientes_nomcome_idx" ON "clientes" USING btree ("nomcome","id");--> statement-breakpoint
CREATE INDEX "coleccion_imagenes_coleccion_idx" ON "coleccion_imagenes" USING btree ("colecciones_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coleccion_imagenes_one_initial" ON "coleccion_imagenes" USING btree ("colecciones_id") WHERE "coleccion_imagenes"."initial";--> statement-breakpoint
CREATE INDEX "coleccion_modelos_modelo_idx" ON "coleccion_modelos" USING btree ("modelos_modelo");--> statement-breakpoint
CREATE UNIQUE INDEX "colecciones_coleccion_unique" ON "colecciones" USING btree ("coleccion");--> statement-breakpoint
CREATE INDEX "modelo_grupos_grupo_idx" ON "modelo_grupos" USING btree ("parametros_grupos_id");--> statement-breakpoint
CREATE INDEX "modelo_imagenes_modelo_idx" ON "modelo_imagenes" USING btree ("modelos_modelo");--> statement-breakpoint
CREATE UNIQUE INDEX "modelo_imagenes_one_principal" ON "modelo_imagenes" USING btree ("modelos_modelo") WHERE "modelo_imagenes"."principal";--> statement-breakpoint
CREATE INDEX "modelos_search_trgm" ON "modelos" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "modelos_active_idx" ON "modelos" USING btree ("baja","modelo");--> statement-breakpoint
CREATE INDEX "parametro_sections_grupo_idx" ON "parametro_sections" USING btree ("parametros_grupos_id");--> statement-breakpoint
CREATE INDEX "parametros_grupo_position_idx" ON "parametros" USING btree ("parametros_grupos_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pedido_lineas_pedido_idx" ON "pedido_lineas" USING btree ("pedido_id","id");--> statement-breakpoint
CREATE INDEX "pedido_lineas_primary_idx" ON "pedido_lineas" USING btree ("primary_line_id");--> statement-breakpoint
CREATE INDEX "pedido_lineas_modelo_idx" ON "pedido_lineas" USING btree ("modelo");--> statement-breakpoint
CREATE INDEX "pedido_status_history_pedido_idx" ON "pedido_status_history" USING btree ("pedido_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_one_cart_per_cliente" ON "pedidos" USING btree ("cliente_id") WHERE "pedidos"."status" = 'c';--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_docum_unique" ON "pedidos" USING btree ("docum");--> statement-breakpoint
CREATE INDEX "pedidos_cliente_list_idx" ON "pedidos" USING btree ("cliente_id","tipodoc","fecha_pedido" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_status_idx" ON "pedidos" USING btree ("status","fecha_pedido" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_list_idx" ON "pedidos" USING btree ("tipodoc","fecha_pedido" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_cliente_idx" ON "users" USING btree ("cliente_id");