-- modelos.client_visible: the model belongs to at least one collection that is active and not
-- representatives-only (the visibility rule of catalog/queries.ts). Kept here, in the database, so
-- every way of changing collections keeps it right: adding or removing a model (coleccion_modelos),
-- switching a collection's activado / solorepresentantes, deleting a collection (its
-- coleccion_modelos rows cascade), renaming a model code (the pivot's FK cascades the update).
CREATE FUNCTION modelos_refresh_client_visible(codes text[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE modelos m
  SET client_visible = v.visible
  FROM (
    SELECT c.code, EXISTS (
      SELECT 1 FROM coleccion_modelos cm JOIN colecciones col ON col.id = cm.colecciones_id
      WHERE cm.modelos_modelo = c.code AND col.activado AND NOT col.solorepresentantes
    ) AS visible
    FROM unnest(codes) AS c(code)
  ) v
  WHERE m.modelo = v.code AND m.client_visible IS DISTINCT FROM v.visible;
$$;
--> statement-breakpoint
CREATE FUNCTION coleccion_modelos_refresh_visible() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM modelos_refresh_client_visible(ARRAY(SELECT DISTINCT modelos_modelo FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM modelos_refresh_client_visible(ARRAY(SELECT DISTINCT modelos_modelo FROM old_rows));
  ELSE
    PERFORM modelos_refresh_client_visible(
      ARRAY(SELECT modelos_modelo FROM old_rows UNION SELECT modelos_modelo FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coleccion_modelos_visible_insert AFTER INSERT ON coleccion_modelos
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION coleccion_modelos_refresh_visible();
--> statement-breakpoint
CREATE TRIGGER coleccion_modelos_visible_delete AFTER DELETE ON coleccion_modelos
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION coleccion_modelos_refresh_visible();
--> statement-breakpoint
CREATE TRIGGER coleccion_modelos_visible_update AFTER UPDATE ON coleccion_modelos
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION coleccion_modelos_refresh_visible();
--> statement-breakpoint
CREATE FUNCTION colecciones_refresh_visible() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM modelos_refresh_client_visible(
    ARRAY(SELECT modelos_modelo FROM coleccion_modelos WHERE colecciones_id = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colecciones_visible_update AFTER UPDATE OF activado, solorepresentantes ON colecciones
  FOR EACH ROW
  WHEN (OLD.activado IS DISTINCT FROM NEW.activado OR OLD.solorepresentantes IS DISTINCT FROM NEW.solorepresentantes)
  EXECUTE FUNCTION colecciones_refresh_visible();
--> statement-breakpoint
UPDATE modelos m SET client_visible = EXISTS (
  SELECT 1 FROM coleccion_modelos cm JOIN colecciones col ON col.id = cm.colecciones_id
  WHERE cm.modelos_modelo = m.modelo AND col.activado AND NOT col.solorepresentantes
);
