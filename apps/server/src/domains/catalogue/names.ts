/**
 * Catalogue names as scalar subqueries for another module's statement (ordering's dashboard names
 * its top models and options): in the language asked for, the Spanish text when the English is
 * empty, as `localized` does. Only this module names the tables.
 */
import { type SQL, sql } from 'drizzle-orm';
import { modelos, parametros, parametros_grupos } from '../../db/schema.ts';

type Lang = 'es' | 'en';

function text(es: SQL, en: SQL, lang: Lang): SQL {
  return lang === 'en' ? sql`coalesce(nullif(${en}, ''), ${es})` : es;
}

/** A model's description by its code (an expression of the outer statement); null if none. */
export function modelDescriptionSql(modelo: SQL, lang: Lang): SQL<string | null> {
  return sql<string | null>`(select ${text(sql`m.descripcion`, sql`m.descripcion_en`, lang)}
    from ${modelos} m where m.modelo = ${modelo})`;
}

/** An option's name by its id; null if the option no longer exists. */
export function optionNameSql(id: SQL, lang: Lang): SQL<string | null> {
  return sql<string | null>`(select ${text(sql`o.nombre`, sql`o.nombre_en`, lang)}
    from ${parametros} o where o.id = ${id})`;
}

/** The name of an option's group by the option's id; null if the option no longer exists. */
export function optionGroupNameSql(id: SQL, lang: Lang): SQL<string | null> {
  return sql<string | null>`(select ${text(sql`g.nombre`, sql`g.nombre_en`, lang)}
    from ${parametros} o join ${parametros_grupos} g on g.id = o.parametros_grupos_id where o.id = ${id})`;
}
