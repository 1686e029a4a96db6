CREATE INDEX "colecciones_missing_en_idx" ON "colecciones" USING btree ("id") WHERE btrim("colecciones"."nombre_en") in ('', 'NULL');--> statement-breakpoint
CREATE INDEX "modelos_missing_en_idx" ON "modelos" USING btree ("modelo") WHERE btrim("modelos"."descripcion_en") in ('', 'NULL');--> statement-breakpoint
CREATE INDEX "parametro_sections_missing_en_idx" ON "parametro_sections" USING btree ("id") WHERE btrim("parametro_sections"."name_en") in ('', 'NULL');--> statement-breakpoint
CREATE INDEX "parametros_missing_en_idx" ON "parametros" USING btree ("id") WHERE btrim("parametros"."nombre_en") in ('', 'NULL');--> statement-breakpoint
CREATE INDEX "parametros_grupos_missing_en_idx" ON "parametros_grupos" USING btree ("id") WHERE btrim("parametros_grupos"."nombre_en") in ('', 'NULL');--> statement-breakpoint
CREATE INDEX "section_models_missing_en_idx" ON "section_models" USING btree ("id") WHERE btrim("section_models"."name_en") in ('', 'NULL');