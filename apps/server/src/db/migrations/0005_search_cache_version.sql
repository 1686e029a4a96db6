CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_version_one_row" CHECK ("catalog_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- Moves the version on when a statement changed at least one row of a table a model search reads
-- (collections count through modelos.client_visible, which their triggers keep). The update of the
-- one row is part of the writing transaction: it becomes visible when, and only if, it commits.
CREATE FUNCTION catalog_version_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_version_bump_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['modelos', 'modelo_imagenes', 'modelo_grupos', 'parametros_grupos', 'parametros'] LOOP
    -- Transition tables allow one event per trigger.
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump()', t || '_catalog_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_version_bump_truncate()', t || '_catalog_version_truncate', t);
  END LOOP;
END;
$$;
