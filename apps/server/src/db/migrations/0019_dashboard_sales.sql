CREATE TABLE "sales_week_models" (
	"cliente_id" integer NOT NULL,
	"semana" date NOT NULL,
	"coleccion_id" integer NOT NULL,
	"modelo" text NOT NULL,
	"unidades" integer DEFAULT 0 NOT NULL,
	"importe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_week_models_cliente_id_semana_coleccion_id_modelo_pk" PRIMARY KEY("cliente_id","semana","coleccion_id","modelo")
);
--> statement-breakpoint
CREATE TABLE "sales_week_options" (
	"cliente_id" integer NOT NULL,
	"semana" date NOT NULL,
	"coleccion_id" integer NOT NULL,
	"parametro_id" integer NOT NULL,
	"unidades" integer DEFAULT 0 NOT NULL,
	"importe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_week_options_cliente_id_semana_coleccion_id_parametro_id_pk" PRIMARY KEY("cliente_id","semana","coleccion_id","parametro_id")
);
--> statement-breakpoint
CREATE TABLE "sales_weeks" (
	"cliente_id" integer NOT NULL,
	"semana" date NOT NULL,
	"coleccion_id" integer NOT NULL,
	"pedidos" integer DEFAULT 0 NOT NULL,
	"importe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_weeks_cliente_id_coleccion_id_semana_pk" PRIMARY KEY("cliente_id","coleccion_id","semana")
);
--> statement-breakpoint
ALTER TABLE "sales_week_models" ADD CONSTRAINT "sales_week_models_modelo_modelos_modelo_fk" FOREIGN KEY ("modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) the orders' contribution to the dashboard's summary tables
-- (record 055): per ISO week of the order's date in Europe/Madrid, per client and for every client
-- (cliente_id 0), per collection of the lines (0: none). Goods are every line but the shipping
-- line, at unped × precio_cents; a dependent line (an embroidery surcharge) counts under its
-- primary line's model and options, and only primary lines count units. The caller decides which
-- orders are sales (ordering/sales.ts: the contract's SALE_STATUSES) and calls this in the
-- transaction that changes them. Rows left at zero are removed.
CREATE FUNCTION nido_apply_sales(ids integer[], direction integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  WITH o AS (
    SELECT p.id, p.cliente_id, date_trunc('week', p.fecha_pedido AT TIME ZONE 'Europe/Madrid')::date AS semana
    FROM pedidos p
    WHERE p.id = ANY (ids) AND p.tipodoc = 'E' AND p.fecha_pedido IS NOT NULL
  ),
  l AS (
    SELECT o.id AS pedido_id, o.cliente_id, o.semana, coalesce(l.colecciones_id, 0) AS coleccion_id,
      coalesce(pl.modelo, l.modelo) AS modelo,
      coalesce(l.primary_line_id, l.id) AS primary_id,
      CASE WHEN l.primary_line_id IS NULL THEN l.unped ELSE 0 END AS unidades,
      l.unped::bigint * l.precio_cents AS importe
    FROM o
    JOIN pedido_lineas l ON l.pedido_id = o.id
    LEFT JOIN pedido_lineas pl ON pl.id = l.primary_line_id
    WHERE NOT l.porte AND coalesce(pl.modelo, l.modelo) IS NOT NULL
  ),
  weeks AS (
    INSERT INTO sales_weeks AS s (cliente_id, semana, coleccion_id, pedidos, importe_cents)
    SELECT k.cliente_id, l.semana, k.coleccion_id, direction * count(DISTINCT l.pedido_id), direction * sum(l.importe)
    FROM l CROSS JOIN LATERAL (VALUES (l.cliente_id, 0), (0, 0), (l.cliente_id, l.coleccion_id), (0, l.coleccion_id))
      AS k(cliente_id, coleccion_id)
    WHERE k.coleccion_id = 0 OR l.coleccion_id <> 0
    GROUP BY k.cliente_id, l.semana, k.coleccion_id
    ORDER BY 1, 3, 2
    ON CONFLICT (cliente_id, coleccion_id, semana) DO UPDATE
      SET pedidos = s.pedidos + excluded.pedidos, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  ),
  models AS (
    INSERT INTO sales_week_models AS s (cliente_id, semana, coleccion_id, modelo, unidades, importe_cents)
    SELECT k.cliente_id, l.semana, l.coleccion_id, l.modelo, direction * sum(l.unidades), direction * sum(l.importe)
    FROM l CROSS JOIN LATERAL (VALUES (l.cliente_id), (0)) AS k(cliente_id)
    GROUP BY k.cliente_id, l.semana, l.coleccion_id, l.modelo
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (cliente_id, semana, coleccion_id, modelo) DO UPDATE
      SET unidades = s.unidades + excluded.unidades, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  ),
  lp AS (
    SELECT l.primary_id, l.cliente_id, l.semana, l.coleccion_id, sum(l.unidades) AS unidades, sum(l.importe) AS importe
    FROM l GROUP BY l.primary_id, l.cliente_id, l.semana, l.coleccion_id
  ),
  opts AS (
    INSERT INTO sales_week_options AS s (cliente_id, semana, coleccion_id, parametro_id, unidades, importe_cents)
    SELECT k.cliente_id, lp.semana, lp.coleccion_id, (x ->> 'id')::integer, direction * sum(lp.unidades), direction * sum(lp.importe)
    FROM lp
    JOIN pedido_lineas pl ON pl.id = lp.primary_id
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(pl.parametros_color) = 'array' THEN pl.parametros_color ELSE '[]'::jsonb END) x
    CROSS JOIN LATERAL (VALUES (lp.cliente_id), (0)) AS k(cliente_id)
    WHERE (x ->> 'id') ~ '^[0-9]{1,9}$'
    GROUP BY k.cliente_id, lp.semana, lp.coleccion_id, (x ->> 'id')::integer
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (cliente_id, semana, coleccion_id, parametro_id) DO UPDATE
      SET unidades = s.unidades + excluded.unidades, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  )
  -- Every data-modifying part runs whether or not it is read.
  SELECT (SELECT count(*) FROM weeks) + (SELECT count(*) FROM models) + (SELECT count(*) FROM opts) INTO n;
  IF direction < 0 THEN
    DELETE FROM sales_weeks s USING (
      SELECT DISTINCT c.c AS cliente_id, date_trunc('week', p.fecha_pedido AT TIME ZONE 'Europe/Madrid')::date AS semana
      FROM pedidos p CROSS JOIN LATERAL (VALUES (p.cliente_id), (0)) AS c(c) WHERE p.id = ANY (ids)
    ) k WHERE s.cliente_id = k.cliente_id AND s.semana = k.semana AND s.pedidos = 0 AND s.importe_cents = 0;
    DELETE FROM sales_week_models s USING (
      SELECT DISTINCT c.c AS cliente_id, date_trunc('week', p.fecha_pedido AT TIME ZONE 'Europe/Madrid')::date AS semana
      FROM pedidos p CROSS JOIN LATERAL (VALUES (p.cliente_id), (0)) AS c(c) WHERE p.id = ANY (ids)
    ) k WHERE s.cliente_id = k.cliente_id AND s.semana = k.semana AND s.unidades = 0 AND s.importe_cents = 0;
    DELETE FROM sales_week_options s USING (
      SELECT DISTINCT c.c AS cliente_id, date_trunc('week', p.fecha_pedido AT TIME ZONE 'Europe/Madrid')::date AS semana
      FROM pedidos p CROSS JOIN LATERAL (VALUES (p.cliente_id), (0)) AS c(c) WHERE p.id = ANY (ids)
    ) k WHERE s.cliente_id = k.cliente_id AND s.semana = k.semana AND s.unidades = 0 AND s.importe_cents = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- The orders submitted before this migration.
SELECT nido_apply_sales(array(SELECT id FROM pedidos WHERE status IN ('w', 'p', 'e') ORDER BY id), 1);
