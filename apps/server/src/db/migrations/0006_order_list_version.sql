CREATE TABLE "order_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "order_list_version_one_row" CHECK ("order_list_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "order_list_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Moves the version on when a statement changed which submitted orders (status other than the
-- cart's 'c') a list holds, or their order: one entering or leaving the cart state, its date,
-- client or document type changed, one inserted or deleted; or a client's representative changed
-- (a Representante's list). Cart activity, notes and document numbers leave it alone. The update
-- of the one row is part of the writing transaction: visible when, and only if, it commits.
CREATE FUNCTION order_list_version_pedidos_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE status <> 'c') THEN
    UPDATE order_list_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_list_version_pedidos_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status <> 'c' OR n.status <> 'c')
      AND (o.status, o.fecha_pedido, o.cliente_id, o.tipodoc)
        IS DISTINCT FROM (n.status, n.fecha_pedido, n.cliente_id, n.tipodoc)
  ) THEN
    UPDATE order_list_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_list_version_clientes_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.representante_id IS DISTINCT FROM n.representante_id
  ) THEN
    UPDATE order_list_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_list_version_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_list_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER pedidos_order_list_version_insert AFTER INSERT ON pedidos REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_pedidos_rows();
--> statement-breakpoint
CREATE TRIGGER pedidos_order_list_version_update AFTER UPDATE ON pedidos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_pedidos_update();
--> statement-breakpoint
CREATE TRIGGER pedidos_order_list_version_delete AFTER DELETE ON pedidos REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_pedidos_rows();
--> statement-breakpoint
CREATE TRIGGER pedidos_order_list_version_truncate AFTER TRUNCATE ON pedidos
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_truncate();
--> statement-breakpoint
CREATE TRIGGER clientes_order_list_version_update AFTER UPDATE ON clientes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_clientes_update();
--> statement-breakpoint
CREATE TRIGGER clientes_order_list_version_truncate AFTER TRUNCATE ON clientes
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_version_truncate();
