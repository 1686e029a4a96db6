/**
 * `npm run admin:create` (cli/create-admin.ts): an Admin made from the command line, the way a
 * production database gets its first one (it is not seeded with demo logins; record 046). The same
 * rules as the portal: the contract's email and password schemas, the common-password list
 * (hashNewPassword), one account per email.
 */
import { Email, MSG, Password } from '@nido/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { fieldsOfIssues, Invalid } from '../../platform/errors.ts';
import { hashNewPassword } from './credentials.ts';
import { emailTaken } from './queries.ts';
import { insertUser } from './users.ts';

const NewAdmin = z.object({
  email: Email.transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1, MSG.nameRequired.code).max(255),
  password: Password,
  language: z.enum(['es', 'en']).default('es'),
});
export type NewAdmin = z.input<typeof NewAdmin>;

/** Creates an active Admin; throws Invalid (messages per field) on a bad or taken email or password. */
export async function createAdmin(database: Database, input: NewAdmin) {
  const parsed = NewAdmin.safeParse(input);
  if (!parsed.success)
    throw new Invalid(fieldsOfIssues(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i])));
  const { password, ...admin } = parsed.data;
  if (await emailTaken(database.db, admin.email)) throw new Invalid({ email: [MSG.emailTaken] });
  const password_hash = await hashNewPassword(password);
  // The unique index still refuses an email taken meanwhile (the check above is for the message).
  return database.db.transaction((tx) =>
    insertUser(tx, { ...admin, password_hash, role: 'Admin', active: true }),
  );
}

/** Whether an active Admin exists: until one does, nobody can sign in to a database without demo data. */
export async function hasActiveAdmin(database: Database): Promise<boolean> {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'Admin'), eq(users.active, true)))
    .limit(1);
  return row !== undefined;
}
