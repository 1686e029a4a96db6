import { z } from 'zod';
import { shownText } from './common.ts';
import { EMAIL_PATTERN } from './email.ts';
import { LANGUAGES, PASSWORD_MIN } from './limits.ts';
import { MSG, whenMissing } from './messages.ts';

export { EMAIL_PATTERN };

export const Email = z
  .string(whenMissing(MSG.emailRequired))
  .trim()
  .min(1, MSG.emailRequired.code)
  .max(254, MSG.emailFormat.code)
  .regex(EMAIL_PATTERN, MSG.emailFormat.code);

export const Password = z
  .string(whenMissing(MSG.passwordRequired))
  .min(PASSWORD_MIN, MSG.passwordLength.code)
  .max(200);

export const Locale = z.enum(LANGUAGES);

export const LoginRequest = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(200),
});
export const LoginResponse = z.object({ accessToken: z.string() });

/** Answer of forgot-password and reset-password: a message, its code (the web translates it) and English text. */
export const MessageResponse = z.object({ message: z.string(), code: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });

export const ResetPasswordRequest = z
  .object({
    email: Email,
    token: z.string().min(1).max(200),
    password: Password,
    password_confirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: MSG.passwordsMismatch.code,
    path: ['password_confirmation'],
  });

export const SetLocaleRequest = z.object({ locale: Locale });

/**
 * Profile update: name and email always; a new password only when given (then confirmed). Changing
 * the email or the password needs the current password (the server checks it).
 */
export const UpdateProfileRequest = z
  .object({
    name: shownText(120, { required: MSG.nameRequired }),
    email: Email,
    current_password: z.string().max(200).optional(),
    password: z.union([Password, z.literal('')]).optional(),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, {
    message: MSG.passwordsMismatch.code,
    path: ['password_confirmation'],
  });

export interface MenuItem {
  /** i18n key of the label, e.g. "menu.clients". */
  label: string;
  /** Route path, absent for a parent with submenus. */
  to?: string;
  icon?: string;
  /**
   * A count the web shows beside the label while it is above zero, named here and read by the web
   * from its own endpoint (polled like the pending orders; record 056).
   */
  badge?: MenuBadge;
  submenus?: MenuItem[];
}
/** The counts a menu entry may show: the catalogue texts lacking English (translations/missing/counts). */
export const MENU_BADGES = ['missingTranslations'] as const;
export type MenuBadge = (typeof MENU_BADGES)[number];
/** Every label key the server's menu uses (the web's `layout` namespace translates them). */
export const MENU_LABELS = [
  'menu.home',
  'menu.dashboard',
  'menu.clients',
  'menu.orders',
  'menu.quickOrder',
  'menu.catalogue',
  'menu.collections',
  'menu.parameters',
  'menu.modelsWithoutCollection',
  'menu.invoices',
  'menu.companyInfo',
  'menu.gallery',
  'menu.failedMails',
  'menu.orderSettings',
  'menu.priceLists',
  'menu.translations',
  'menu.productionSheet',
] as const;
export type MenuLabel = (typeof MENU_LABELS)[number];

export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    label: z.string(),
    to: z.string().optional(),
    icon: z.string().optional(),
    badge: z.enum(MENU_BADGES).optional(),
    submenus: z.array(MenuItemSchema).optional(),
  }),
);

export const Profile = z.object({
  id: z.number(),
  cliente_id: z.number(),
  name: z.string(),
  email: z.string(),
  cliente: z.string(),
  language: Locale,
  role: z.string(),
  infosend: z.boolean(),
  menu: z.array(MenuItemSchema),
});
export type Profile = z.infer<typeof Profile>;

/**
 * The profile as answered (GET me, setLocale, updateProfile), the menu spelt out two levels deep
 * (it has no deeper levels): the recursive schema above would leave a dangling $ref in OpenAPI.
 */
const MenuLeaf = z.object({
  label: z.string(),
  to: z.string().optional(),
  icon: z.string().optional(),
  badge: z.enum(MENU_BADGES).optional(),
});
export const ProfileResponse = Profile.extend({
  menu: z.array(MenuLeaf.extend({ submenus: z.array(MenuLeaf).optional() })),
});

/** A diagnostic's value: text, a number, a flag, or a short list of them (the browser's languages). */
const InfoDataScalar = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);
/** POST infoData: the browser's diagnostics, one level of named values (the web's sendInfoData). */
export const InfoDataRequest = z.record(
  z.string().max(100),
  z.union([InfoDataScalar, z.array(InfoDataScalar).max(50)]),
);
