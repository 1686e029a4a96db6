CREATE TABLE "sales_recent" (
	"semana" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_recent_models" (
	"cliente_id" integer NOT NULL,
	"coleccion_id" integer NOT NULL,
	"modelo" text NOT NULL,
	"unidades" integer DEFAULT 0 NOT NULL,
	"importe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_recent_models_cliente_id_coleccion_id_modelo_pk" PRIMARY KEY("cliente_id","coleccion_id","modelo")
);
--> statement-breakpoint
CREATE TABLE "sales_recent_options" (
	"cliente_id" integer NOT NULL,
	"coleccion_id" integer NOT NULL,
	"parametro_id" integer NOT NULL,
	"unidades" integer DEFAULT 0 NOT NULL,
	"importe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_recent_options_cliente_id_coleccion_id_parametro_id_pk" PRIMARY KEY("cliente_id","coleccion_id","parametro_id")
);
--> statement-breakpoint
ALTER TABLE "sales_recent_models" ADD CONSTRAINT "sales_recent_models_modelo_modelos_modelo_fk" FOREIGN KEY ("modelo") REFERENCES "public"."modelos"("modelo") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- nido_apply_sales (migration 0019) also keeps the last 52 weeks' sums (record 055, amendment): the
-- rows of the orders' weeks that fall in the window `sales_recent` names. It takes the window's lock
-- shared first, so that nido_roll_sales, which takes it alone, never rebuilds the window while an
-- order's sums are half written. A line without a collection counted twice in sales_weeks (its
-- collection 0 was both the whole order and its own): each line now counts once per key.
CREATE OR REPLACE FUNCTION nido_apply_sales(ids integer[], direction integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  recent date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(550021);
  SELECT max(semana) INTO recent FROM sales_recent;
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
      l.unped::bigint * l.precio_cents AS importe,
      o.semana BETWEEN recent - 357 AND recent AS reciente
    FROM o
    JOIN pedido_lineas l ON l.pedido_id = o.id
    LEFT JOIN pedido_lineas pl ON pl.id = l.primary_line_id
    WHERE NOT l.porte AND coalesce(pl.modelo, l.modelo) IS NOT NULL
  ),
  -- Each line under its client and every client (0), for the whole order (collection 0) and, when
  -- it has one, for its collection.
  lk AS (
    SELECT l.*, k.cliente_key, k.coleccion_key
    FROM l CROSS JOIN LATERAL (VALUES (l.cliente_id, 0, true), (0, 0, true),
      (l.cliente_id, l.coleccion_id, false), (0, l.coleccion_id, false)) AS k(cliente_key, coleccion_key, whole)
    WHERE k.whole OR l.coleccion_id <> 0
  ),
  weeks AS (
    INSERT INTO sales_weeks AS s (cliente_id, semana, coleccion_id, pedidos, importe_cents)
    SELECT lk.cliente_key, lk.semana, lk.coleccion_key, direction * count(DISTINCT lk.pedido_id), direction * sum(lk.importe)
    FROM lk
    GROUP BY lk.cliente_key, lk.semana, lk.coleccion_key
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
  recent_models AS (
    INSERT INTO sales_recent_models AS s (cliente_id, coleccion_id, modelo, unidades, importe_cents)
    SELECT lk.cliente_key, lk.coleccion_key, lk.modelo, direction * sum(lk.unidades), direction * sum(lk.importe)
    FROM lk WHERE lk.reciente
    GROUP BY lk.cliente_key, lk.coleccion_key, lk.modelo
    ORDER BY 1, 2, 3
    ON CONFLICT (cliente_id, coleccion_id, modelo) DO UPDATE
      SET unidades = s.unidades + excluded.unidades, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  ),
  lp AS (
    SELECT l.primary_id, l.cliente_id, l.semana, l.coleccion_id, l.reciente,
      sum(l.unidades) AS unidades, sum(l.importe) AS importe
    FROM l GROUP BY l.primary_id, l.cliente_id, l.semana, l.coleccion_id, l.reciente
  ),
  lo AS (
    SELECT lp.*, (x ->> 'id')::integer AS parametro_id
    FROM lp
    JOIN pedido_lineas pl ON pl.id = lp.primary_id
    CROSS JOIN LATERAL jsonb_array_elements(
      CASE WHEN jsonb_typeof(pl.parametros_color) = 'array' THEN pl.parametros_color ELSE '[]'::jsonb END) x
    WHERE (x ->> 'id') ~ '^[0-9]{1,9}$'
  ),
  opts AS (
    INSERT INTO sales_week_options AS s (cliente_id, semana, coleccion_id, parametro_id, unidades, importe_cents)
    SELECT k.cliente_id, lo.semana, lo.coleccion_id, lo.parametro_id, direction * sum(lo.unidades), direction * sum(lo.importe)
    FROM lo CROSS JOIN LATERAL (VALUES (lo.cliente_id), (0)) AS k(cliente_id)
    GROUP BY k.cliente_id, lo.semana, lo.coleccion_id, lo.parametro_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (cliente_id, semana, coleccion_id, parametro_id) DO UPDATE
      SET unidades = s.unidades + excluded.unidades, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  ),
  recent_opts AS (
    INSERT INTO sales_recent_options AS s (cliente_id, coleccion_id, parametro_id, unidades, importe_cents)
    SELECT k.cliente_key, k.coleccion_key, lo.parametro_id, direction * sum(lo.unidades), direction * sum(lo.importe)
    FROM lo CROSS JOIN LATERAL (VALUES (lo.cliente_id, 0, true), (0, 0, true),
      (lo.cliente_id, lo.coleccion_id, false), (0, lo.coleccion_id, false)) AS k(cliente_key, coleccion_key, whole)
    WHERE lo.reciente AND (k.whole OR lo.coleccion_id <> 0)
    GROUP BY k.cliente_key, k.coleccion_key, lo.parametro_id
    ORDER BY 1, 2, 3
    ON CONFLICT (cliente_id, coleccion_id, parametro_id) DO UPDATE
      SET unidades = s.unidades + excluded.unidades, importe_cents = s.importe_cents + excluded.importe_cents
    RETURNING 1
  )
  -- Every data-modifying part runs whether or not it is read.
  SELECT (SELECT count(*) FROM weeks) + (SELECT count(*) FROM models) + (SELECT count(*) FROM recent_models)
    + (SELECT count(*) FROM opts) + (SELECT count(*) FROM recent_opts) INTO n;
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
    -- The window's rows at zero stay: the dashboard reads only those above it.
  END IF;
END;
$$;
--> statement-breakpoint
-- Rebuilds the last-52-weeks tables for the window ending in the week of Monday `monday`, from the
-- weekly tables, unless they already hold it. Alone on the window's lock: every order's sums are
-- either in the weekly tables it reads or wait for it and then go into the new window.
CREATE FUNCTION nido_roll_sales(monday date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(550021);
  IF EXISTS (SELECT 1 FROM sales_recent WHERE semana = monday) THEN
    RETURN;
  END IF;
  TRUNCATE sales_recent, sales_recent_models, sales_recent_options;
  INSERT INTO sales_recent_models (cliente_id, coleccion_id, modelo, unidades, importe_cents)
  SELECT s.cliente_id, k.coleccion_id, s.modelo, sum(s.unidades), sum(s.importe_cents)
  FROM sales_week_models s
  CROSS JOIN LATERAL (VALUES (0, true), (s.coleccion_id, false)) AS k(coleccion_id, whole)
  WHERE s.semana BETWEEN monday - 357 AND monday AND (k.whole OR s.coleccion_id <> 0)
  GROUP BY s.cliente_id, k.coleccion_id, s.modelo;
  INSERT INTO sales_recent_options (cliente_id, coleccion_id, parametro_id, unidades, importe_cents)
  SELECT s.cliente_id, k.coleccion_id, s.parametro_id, sum(s.unidades), sum(s.importe_cents)
  FROM sales_week_options s
  CROSS JOIN LATERAL (VALUES (0, true), (s.coleccion_id, false)) AS k(coleccion_id, whole)
  WHERE s.semana BETWEEN monday - 357 AND monday AND (k.whole OR s.coleccion_id <> 0)
  GROUP BY s.cliente_id, k.coleccion_id, s.parametro_id;
  INSERT INTO sales_recent (semana) VALUES (monday);
END;
$$;
--> statement-breakpoint
-- Every sum again with the line without a collection counted once.
TRUNCATE sales_weeks, sales_week_models, sales_week_options;
--> statement-breakpoint
SELECT nido_apply_sales(array(SELECT id FROM pedidos WHERE status IN ('w', 'p', 'e') ORDER BY id), 1);
