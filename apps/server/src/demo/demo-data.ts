/**
 * The demo catalogue of Nido: users, client shops, option groups, collections and models, in
 * Spanish and English: a maker's last season. Pure data; seed.ts turns it into rows (and generates
 * the orders, their invoices, a cart in progress and the images).
 * Options and models are written as rows, one a line (`group`, `sectioned`, `family` read them),
 * with only what differs from the defaults. Money is integer cents.
 */
import type { TaxRegime } from '@nido/contract';

// ── People ────────────────────────────────────────────────────────────────────────────────────

export const DEMO_PASSWORD = 'demo1234';

export interface DemoClient {
  key: string;
  nomcome: string;
  nombre: string;
  cif: string;
  email: string;
  telefono: string;
  direccion: string;
  poblacion: string;
  provincia: string;
  cp: string;
  pais: string;
  /** How its orders are taxed; most small Spanish shops are under the equivalence surcharge (default). */
  regimen_fiscal?: TaxRegime;
  /** Its price list (DemoPriceList.key): every demo client is on one. */
  tarifa: string;
  /** Its own extra discount after the list's, basis points (default none). */
  descuento_bp?: number;
  /** Delivery addresses besides its fiscal address (which is the default one). */
  direcciones?: DemoAddress[];
  /** Assigned to the demo sales representative. */
  rep?: boolean;
  activo?: boolean;
}

export interface DemoAddress {
  nombre: string;
  direccion: string;
  cp: string;
  poblacion: string;
  provincia: string;
  pais: string;
  telefono: string;
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    key: 'sur',
    tarifa: 'preferentes',
    nomcome: 'Bebés del Sur',
    nombre: 'Bebés del Sur Moda Infantil S.L.',
    cif: 'B41782356',
    email: 'pedidos@bebesdelsur.es',
    telefono: '954 21 47 80',
    direccion: 'Calle Asunción 42',
    poblacion: 'Sevilla',
    provincia: 'Sevilla',
    cp: '41011',
    pais: 'España',
    direcciones: [
      {
        nombre: 'Almacén Dos Hermanas',
        direccion: 'Polígono La Isla, calle Río Viejo 12',
        cp: '41703',
        poblacion: 'Dos Hermanas',
        provincia: 'Sevilla',
        pais: 'España',
        telefono: '954 93 12 40',
      },
    ],
    rep: true,
  },
  {
    key: 'pasitos',
    tarifa: 'tiendas',
    nomcome: 'Pasitos Boutique',
    nombre: 'Pasitos Boutique Infantil S.L.',
    cif: 'B46913274',
    email: 'hola@pasitosboutique.es',
    telefono: '963 52 18 64',
    direccion: 'Carrer de Colón 18',
    poblacion: 'Valencia',
    provincia: 'Valencia',
    cp: '46004',
    pais: 'España',
  },
  {
    key: 'ciguena',
    tarifa: 'tiendas',
    nomcome: 'La Cigüeña Azul',
    nombre: 'Cigüeña Azul Comercial S.L.',
    cif: 'B29567314',
    email: 'tienda@laciguenaazul.es',
    telefono: '952 60 33 12',
    direccion: 'Calle Larios 9',
    poblacion: 'Málaga',
    provincia: 'Málaga',
    cp: '29005',
    pais: 'España',
    rep: true,
  },
  {
    key: 'norte',
    tarifa: 'preferentes',
    nomcome: 'Mundo Bebé Norte',
    nombre: 'Mundo Bebé Norte S.L.',
    cif: 'B95438127',
    email: 'compras@mundobebenorte.com',
    telefono: '944 15 72 90',
    direccion: 'Gran Vía de Don Diego López de Haro 31',
    poblacion: 'Bilbao',
    provincia: 'Bizkaia',
    cp: '48009',
    pais: 'España',
  },
  {
    key: 'chiquitin',
    tarifa: 'tiendas',
    nomcome: 'Chiquitín Moda Infantil',
    nombre: 'Chiquitín Zaragoza S.C.',
    cif: 'J50872143',
    email: 'info@chiquitin-zgz.es',
    telefono: '976 23 48 05',
    direccion: 'Paseo de la Independencia 24',
    poblacion: 'Zaragoza',
    provincia: 'Zaragoza',
    cp: '50004',
    pais: 'España',
  },
  {
    key: 'madrid',
    tarifa: 'preferentes',
    // A department-store corner: ordinary VAT, and 3 % more off for paying on order.
    regimen_fiscal: 'general',
    descuento_bp: 300,
    nomcome: 'Baby Cool Madrid',
    nombre: 'Baby Cool Retail S.L.',
    cif: 'B87654213',
    email: 'pedidos@babycoolmadrid.com',
    telefono: '915 77 20 41',
    direccion: 'Calle de Serrano 88',
    poblacion: 'Madrid',
    provincia: 'Madrid',
    cp: '28006',
    pais: 'España',
  },
  {
    key: 'petit',
    tarifa: 'tiendas',
    nomcome: 'Petit Nadó',
    nombre: 'Petit Nadó Botiga S.L.',
    cif: 'B65841932',
    email: 'botiga@petitnado.cat',
    telefono: '932 18 64 70',
    direccion: 'Carrer de Provença 212',
    poblacion: 'Barcelona',
    provincia: 'Barcelona',
    cp: '08036',
    pais: 'España',
  },
  {
    key: 'berco',
    tarifa: 'exterior',
    regimen_fiscal: 'intracomunitario',
    nomcome: 'O Berço Dourado',
    nombre: 'O Berço Dourado, Lda.',
    cif: 'PT509274183',
    email: 'encomendas@bercodourado.pt',
    telefono: '+351 222 081 347',
    direccion: 'Rua de Santa Catarina 312',
    poblacion: 'Porto',
    provincia: 'Porto',
    cp: '4000-442',
    pais: 'Portugal',
    direcciones: [
      {
        nombre: 'O Berço Dourado Braga',
        direccion: 'Rua do Souto 87',
        cp: '4700-329',
        poblacion: 'Braga',
        provincia: 'Braga',
        pais: 'Portugal',
        telefono: '+351 253 614 202',
      },
    ],
    rep: true,
  },
  {
    key: 'companhia',
    tarifa: 'exterior',
    regimen_fiscal: 'intracomunitario',
    nomcome: 'Bebé & Companhia',
    nombre: 'Bebé e Companhia Comércio Infantil, Lda.',
    cif: 'PT514836027',
    email: 'geral@bebecompanhia.pt',
    telefono: '+351 213 420 118',
    direccion: 'Avenida da Liberdade 144',
    poblacion: 'Lisboa',
    provincia: 'Lisboa',
    cp: '1250-146',
    pais: 'Portugal',
  },
  {
    key: 'nanas',
    tarifa: 'nuevas',
    nomcome: 'Nanas y Nanitas',
    nombre: 'Nanas y Nanitas C.B.',
    cif: 'E47615298',
    email: 'nanasynanitas@gmail.com',
    telefono: '983 35 91 26',
    direccion: 'Calle Santiago 15',
    poblacion: 'Valladolid',
    provincia: 'Valladolid',
    cp: '47001',
    pais: 'España',
  },
  {
    key: 'lunitas',
    tarifa: 'tiendas',
    nomcome: 'Tres Lunitas',
    nombre: 'Tres Lunitas Puericultura S.L.',
    cif: 'B15398642',
    email: 'tienda@treslunitas.gal',
    telefono: '981 22 70 53',
    direccion: 'Rúa Real 58',
    poblacion: 'A Coruña',
    provincia: 'A Coruña',
    cp: '15003',
    pais: 'España',
  },
  {
    key: 'arrullo',
    tarifa: 'tiendas',
    nomcome: 'Arrullo Bebé',
    nombre: 'Arrullo Bebé S.L.',
    cif: 'B73184520',
    email: 'arrullo@arrullobebe.es',
    telefono: '968 21 39 47',
    direccion: 'Gran Vía Escultor Salzillo 7',
    poblacion: 'Murcia',
    provincia: 'Murcia',
    cp: '30004',
    pais: 'España',
    activo: false,
  },
  {
    key: 'andorra',
    tarifa: 'exterior',
    regimen_fiscal: 'exportacion',
    nomcome: 'Petit Món Andorra',
    nombre: 'Petit Món Andorra, S.L.',
    cif: 'L-712468-B',
    email: 'botiga@petitmon.ad',
    telefono: '+376 82 64 19',
    direccion: 'Avinguda Meritxell 64',
    poblacion: 'Andorra la Vella',
    provincia: 'Andorra la Vella',
    cp: 'AD500',
    pais: 'Andorra',
    rep: true,
  },
];

/**
 * A price list (record 049): a discount off PVP, with larger ones for a collection or a family, net
 * prices of some models, and its shipping rule (the charge, free from a net total of goods).
 */
export interface DemoPriceList {
  key: string;
  nombre: string;
  descuento_bp: number;
  colecciones?: Array<[coleccion: string, descuento_bp: number]>;
  familias?: Array<[familia: number, descuento_bp: number]>;
  precios?: Array<[modelo: string, precio_cents: number]>;
  porte_cents?: number;
  porte_gratis_desde_cents?: number;
  /** The minimum order value (goods before tax) of a client's first order, and of the next ones. */
  pedido_minimo_primero_cents?: number;
  pedido_minimo_cents?: number;
}

export const DEMO_PRICE_LISTS: DemoPriceList[] = [
  {
    key: 'tiendas',
    nombre: 'Tiendas',
    descuento_bp: 3000,
    colecciones: [['PV26', 3500]],
    porte_cents: 1500,
    porte_gratis_desde_cents: 60000,
  },
  {
    key: 'preferentes',
    nombre: 'Tiendas preferentes',
    descuento_bp: 3500,
    familias: [[3, 4000]],
    precios: [['NDCAP101', 14900]],
  },
  {
    key: 'exterior',
    nombre: 'Exportación y UE',
    descuento_bp: 4000,
    colecciones: [['OI26', 4200]],
    porte_cents: 4500,
    porte_gratis_desde_cents: 150000,
  },
  {
    // New shops: a minimum order, higher for the first (Nanas y Nanitas has ordered nothing yet).
    key: 'nuevas',
    nombre: 'Tiendas nuevas',
    descuento_bp: 2500,
    porte_cents: 1500,
    porte_gratis_desde_cents: 60000,
    pedido_minimo_primero_cents: 30000,
    pedido_minimo_cents: 15000,
  },
];

export interface DemoUser {
  email: string;
  name: string;
  role: 'Admin' | 'Cliente' | 'Representante';
  /** DemoClient.key, or null. */
  cliente: string | null;
  language: 'es' | 'en';
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@nido.test', name: 'Ana Admin', role: 'Admin', cliente: null, language: 'es' },
  { email: 'shop@nido.test', name: 'Carmen Ruiz', role: 'Cliente', cliente: 'sur', language: 'es' },
  { email: 'shop.b@nido.test', name: 'Emma Clarke', role: 'Cliente', cliente: 'sur', language: 'en' },
  { email: 'shop2@nido.test', name: 'Lucía Navarro', role: 'Cliente', cliente: 'pasitos', language: 'es' },
  { email: 'shop3@nido.test', name: 'Marta Gil', role: 'Cliente', cliente: 'nanas', language: 'es' },
  { email: 'rep@nido.test', name: 'Rafael Ortega', role: 'Representante', cliente: null, language: 'es' },
];

// ── Option groups ─────────────────────────────────────────────────────────────────────────────

export interface DemoOption {
  codigo: string;
  nombre: string;
  nombre_en: string;
  color?: string | null;
  price_cents?: number;
  letters?: number;
  embroidery_color?: boolean;
  /** Comma-separated positions, Spanish. */
  embroidery_position?: string;
  /** Their English names, in the same order. */
  embroidery_position_en?: string;
  activado?: boolean;
  /** DemoGroup.sections[].key; absent = the group's default section. */
  section?: string;
}

export interface DemoGroup {
  id: number;
  nombre: string;
  nombre_en: string;
  activado?: boolean;
  size?: number;
  sections?: Array<{ key: string; name: string; name_en: string }>;
  options: DemoOption[];
}

export const EMBROIDERY_GROUP_ID = 86;
export const FABRIC_GROUP_ID = 10;
export const PIQUE_GROUP_ID = 11;
export const WOOD_GROUP_ID = 42;
export const EMBROIDERY_OPTIONS_GROUP_ID = 50;

/**
 * An option as a row: its code, Spanish and English names, swatch colour (null: none) and price in
 * cents (0 when left out), then whatever else it needs (an embroidery option's fields, inactive).
 */
type OptionRow = [
  codigo: string,
  nombre: string,
  nombre_en: string,
  color?: string | null,
  price_cents?: number,
  more?: Omit<DemoOption, 'codigo' | 'nombre' | 'nombre_en' | 'color' | 'price_cents' | 'section'>,
];

function option([codigo, nombre, nombre_en, color, price_cents, more]: OptionRow): DemoOption {
  return { codigo, nombre, nombre_en, color: color ?? undefined, price_cents, ...more };
}

/** A group from its id, names and option rows (all in its default section). */
function group(id: number, nombre: string, nombre_en: string, rows: OptionRow[]): DemoGroup {
  return { id, nombre, nombre_en, options: rows.map(option) };
}

/** The options of a group listed in sections: each row starts with its section's key ('' the default one). */
function sectioned(rows: Array<[section: string, ...OptionRow]>): DemoOption[] {
  return rows.map(([section, ...row]) => ({ ...option(row), section: section || undefined }));
}

/** A size option: its name, the same in both languages, is its width × length in cm. */
function size(codigo: string, width: number, length: number, price_cents?: number): OptionRow {
  const name = `${width} × ${length} cm`;
  return [codigo, name, name, null, price_cents];
}

export const DEMO_GROUPS: DemoGroup[] = [
  {
    id: 10,
    nombre: 'Tejido',
    nombre_en: 'Fabric',
    sections: [
      { key: 'lisos', name: 'Lisos', name_en: 'Plain' },
      { key: 'estampados', name: 'Estampados', name_en: 'Prints' },
    ],
    options: sectioned([
      ['lisos', 'TJ01', 'Gris perla', 'Pearl grey', '#c8c8c6'],
      ['lisos', 'TJ02', 'Beige arena', 'Sand beige', '#d9c8a9'],
      ['lisos', 'TJ03', 'Azul niebla', 'Mist blue', '#9db3c8'],
      ['lisos', 'TJ04', 'Rosa empolvado', 'Dusty pink', '#e2b6b3'],
      ['lisos', 'TJ05', 'Verde salvia', 'Sage green', '#a5b89c'],
      ['lisos', 'TJ06', 'Antracita', 'Charcoal', '#3a3b3d'],
      ['lisos', 'TJ07', 'Azul marino', 'Navy blue', '#27364f'],
      ['estampados', 'TJ11', 'Estrellas grises', 'Grey stars', '#b4bac3', 1250],
      ['estampados', 'TJ12', 'Topos camel', 'Camel polka dots', '#c9a57a', 1250],
      ['estampados', 'TJ13', 'Flores liberty', 'Liberty flowers', '#d7979c', 1500],
      ['estampados', 'TJ14', 'Rayas marineras', 'Breton stripes', '#3e5c82', 1250],
      ['estampados', 'TJ15', 'Cuadro escocés', 'Tartan', '#8b3a3a', 1250, { activado: false }],
    ]),
  },
  group(11, 'Piqué', 'Piqué cotton', [
    ['PQ01', 'Blanco', 'White', '#f5f3ef'],
    ['PQ02', 'Crudo', 'Ecru', '#ece2cd'],
    ['PQ03', 'Celeste', 'Sky blue', '#bdd7ea'],
    ['PQ04', 'Rosa bebé', 'Baby pink', '#f3cdd5'],
    ['PQ05', 'Mostaza', 'Mustard', '#d6a03f', 500],
    ['PQ06', 'Verde agua', 'Aqua green', '#9ed2c6', 500],
  ]),
  group(20, 'Chasis', 'Chassis', [
    ['CH01', 'Negro mate', 'Matt black', '#1f1f1f'],
    ['CH02', 'Plata', 'Silver', '#c0c2c5'],
    ['CH03', 'Champán', 'Champagne', '#d6c29f', 2500],
    ['CH04', 'Oro rosa', 'Rose gold', '#c99a8b', 3500],
  ]),
  group(21, 'Ruedas', 'Wheels', [
    ['RU01', 'Estándar', 'Standard'],
    ['RU02', 'Caucho macizo', 'Solid rubber', null, 1990],
    ['RU03', 'Todoterreno con suspensión', 'All-terrain with suspension', null, 2990],
  ]),
  group(30, 'Capota', 'Hood', [
    ['CP01', 'Capota a juego', 'Matching hood'],
    ['CP02', 'Capota con visera extensible UPF 50+', 'Hood with extendable UPF 50+ visor', null, 1800],
    ['CP03', 'Capota de bordado inglés', 'Broderie anglaise hood', '#fbfaf6', 2400],
  ]),
  group(40, 'Acabado', 'Trim', [
    ['AC01', 'Sin ribete', 'No piping'],
    ['AC02', 'Ribete blanco', 'White piping', '#ffffff', 600],
    ['AC03', 'Ribete camel', 'Camel piping', '#a0703c', 800],
    ['AC04', 'Puntilla de algodón', 'Cotton lace trim', '#f4efe2', 950],
  ]),
  group(41, 'Asa', 'Handle', [
    ['AS01', 'Asa de tela a juego', 'Matching fabric handle'],
    ['AS02', 'Asa de polipiel camel', 'Camel faux-leather handle', '#a0703c', 750],
    ['AS03', 'Asa de polipiel negra', 'Black faux-leather handle', '#222222', 750],
    ['AS04', 'Asa de bambú', 'Bamboo handle', '#c8a26b', 1100],
  ]),
  group(42, 'Madera', 'Wood finish', [
    ['MD01', 'Haya natural', 'Natural beech', '#d8b98c'],
    ['MD02', 'Lacado blanco', 'White lacquer', '#f4f3ef', 1500],
    ['MD03', 'Nogal', 'Walnut', '#6b4a2f', 2000],
  ]),
  {
    id: 50,
    nombre: 'Bordado',
    nombre_en: 'Embroidery',
    sections: [{ key: 'texto', name: 'Texto bordado', name_en: 'Embroidered text' }],
    options: sectioned([
      ['', 'BD00', 'Sin bordado', 'No embroidery'],
      [
        'texto',
        'BD01',
        'Nombre',
        'Name',
        null,
        990,
        {
          letters: 12,
          embroidery_color: true,
          embroidery_position: 'Delantera,Lateral',
          embroidery_position_en: 'Front,Side',
        },
      ],
      [
        'texto',
        'BD02',
        'Iniciales',
        'Initials',
        null,
        490,
        {
          letters: 3,
          embroidery_color: true,
          embroidery_position: 'Delantera',
          embroidery_position_en: 'Front',
        },
      ],
      [
        'texto',
        'BD03',
        'Nombre y fecha de nacimiento',
        'Name and date of birth',
        null,
        1490,
        {
          letters: 15,
          embroidery_color: true,
          embroidery_position: 'Delantera,Lateral,Capota',
          embroidery_position_en: 'Front,Side,Hood',
        },
      ],
    ]),
  },
  group(60, 'Colchón', 'Mattress', [
    ['CL01', 'Colchón transpirable estándar', 'Standard breathable mattress'],
    ['CL02', 'Viscoelástico', 'Memory foam', null, 2900],
    ['CL03', 'Fibra de coco y látex', 'Coconut fibre and latex', null, 3900],
  ]),
  group(70, 'Medida', 'Size', [size('ME01', 60, 120), size('ME02', 70, 140, 3500)]),
  {
    ...group(80, 'Sombrilla', 'Parasol', [
      ['SO01', 'Sin sombrilla', 'No parasol'],
      ['SO02', 'Sombrilla a juego', 'Matching parasol', null, 2900],
    ]),
    activado: false,
  },
  group(EMBROIDERY_GROUP_ID, 'Colores bordado', 'Embroidery colours', [
    ['1001', 'Blanco', 'White', '#ffffff'],
    ['1000', 'Negro', 'Black', '#1c1c1c'],
    ['1078', 'Dorado', 'Gold', '#c9a227'],
    ['1011', 'Plata', 'Silver', '#b8bcc2'],
    ['1117', 'Rosa palo', 'Blush pink', '#e8b4b8'],
    ['1132', 'Azul cielo', 'Sky blue', '#8fb8de'],
    ['1243', 'Azul marino', 'Navy blue', '#1f2f57'],
    ['1147', 'Rojo', 'Red', '#b32428'],
    ['1049', 'Verde salvia', 'Sage green', '#8fa88a'],
    ['1055', 'Camel', 'Camel', '#a8743f'],
  ]),
];

/** Named sections that arrange a model's groups in the configurator (section_models). */
export const DEMO_MODEL_SECTIONS = [
  { id: 1, key: 'textil', name: 'Textil', name_en: 'Textile' },
  { id: 2, key: 'estructura', name: 'Estructura', name_en: 'Structure' },
  { id: 3, key: 'personal', name: 'Personalización', name_en: 'Personalisation' },
] as const;
export type ModelSectionKey = (typeof DEMO_MODEL_SECTIONS)[number]['key'];

// ── Collections ───────────────────────────────────────────────────────────────────────────────

export interface DemoCollection {
  coleccion: string;
  nombre: string;
  nombre_en: string;
  activado: boolean;
  solorepresentantes: boolean;
  /** Background colours of its generated images (the first is the initial image). */
  images: string[];
  /**
   * Its order and delivery windows (record 053) in days from the day the demo is seeded, so every
   * season keeps its kind whenever it is seeded: [first, last] (null: no bound on that side), or
   * absent for no window.
   */
  pedido?: [number | null, number | null];
  entrega?: [number, number];
}

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    coleccion: 'OI26',
    nombre: 'Otoño-Invierno 2026',
    nombre_en: 'Autumn-Winter 2026',
    activado: true,
    solorepresentantes: false,
    images: ['#8c6f5a', '#4f5d6e'],
    // Open, delivered at once (no delivery window), its last day to order 10 days away.
    pedido: [-60, 10],
  },
  {
    coleccion: 'PV26',
    nombre: 'Primavera-Verano 2026',
    nombre_en: 'Spring-Summer 2026',
    activado: true,
    solorepresentantes: false,
    images: ['#9cc5b8', '#e6b9a6'],
    // Pre-orders open, delivered in a window months ahead.
    pedido: [-30, 45],
    entrega: [75, 150],
  },
  {
    coleccion: 'PRO',
    nombre: 'Colección Profesional',
    nombre_en: 'Professional Collection',
    activado: true,
    solorepresentantes: true,
    images: ['#2f3e46'],
  },
  {
    coleccion: 'CL24',
    nombre: 'Clásicos 2024',
    nombre_en: 'Classics 2024',
    activado: false,
    solorepresentantes: false,
    images: ['#b7a58c'],
  },
  {
    // Last season: closed. Its model is in no other collection, so a shop cannot order it.
    coleccion: 'OI25',
    nombre: 'Otoño-Invierno 2025',
    nombre_en: 'Autumn-Winter 2025',
    activado: true,
    solorepresentantes: false,
    images: ['#6b5b4e'],
    pedido: [-300, -150],
    entrega: [-120, -60],
  },
];

// ── Models ────────────────────────────────────────────────────────────────────────────────────

export interface DemoModelGroup {
  id: number;
  section?: ModelSectionKey;
  /** Price multiplier of the group's options for this model (default 1). */
  size?: number;
}

export interface DemoModel {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  pvp_cents: number;
  familia: number;
  personalizado?: 1 | 2;
  baja?: boolean;
  /** The minimum quantity of a line and its pack size (default 1 and 1). */
  cantidad_minima?: number;
  multiplo?: number;
  /** The colour grid's group (issue 30): one of `grupos`. */
  grupo_rejilla_id?: number;
  grupos: DemoModelGroup[];
  /** DemoCollection.coleccion codes, in the order the model is listed. */
  colecciones: string[];
}

/**
 * The service model of embroidery: every model's modelobordado (product.md §5.7 default 0802). The
 * server bills an embroidery surcharge on a line of this model that depends on the embroidered line
 * (orders/line-builder.ts). Shipping is no model: the price lists' rule (ordering/shipping.ts).
 */
export const EMBROIDERY_MODELO = '0802';

const g = (id: number, section?: ModelSectionKey, size?: number): DemoModelGroup => ({ id, section, size });

/** A model as a row: its code, retail price in cents, groups and collections, then its flags. */
type ModelRow = [
  modelo: string,
  pvp_cents: number,
  grupos: DemoModelGroup[],
  colecciones: string[],
  flags?: Pick<DemoModel, 'personalizado' | 'baja' | 'cantidad_minima' | 'multiplo' | 'grupo_rejilla_id'>,
];

/** The models of a family, from their rows and their descriptions (DESCRIPTIONS). */
function family(familia: number, rows: ModelRow[]): DemoModel[] {
  return rows.map(([modelo, pvp_cents, grupos, colecciones, flags]) => {
    const [descripcion, descripcion_en] = DESCRIPTIONS[modelo];
    return { modelo, descripcion, descripcion_en, pvp_cents, familia, ...flags, grupos, colecciones };
  });
}

/** Each model's description, in Spanish and in English, by code. */
const DESCRIPTIONS: Record<string, [descripcion: string, descripcion_en: string]> = {
  NDCAP101: ['Capazo rígido con colchón transpirable', 'Rigid carrycot with breathable mattress'],
  NDCAP102: ['Capazo plegable ultraligero', 'Ultralight foldable carrycot'],
  NDCAP103: ['Capazo personalizado con bordado', 'Personalised carrycot with embroidery'],
  NDCAP104: ['Capazo de invierno acolchado', 'Padded winter carrycot'],
  NDCAP105: ['Capazo de mimbre natural vestido en piqué', 'Natural wicker carrycot dressed in piqué'],
  NDCAP106: ['Capazo con base balancín de madera', 'Carrycot with wooden rocking stand'],
  NDCAP107: ['Capazo clásico de capota fija', 'Classic fixed-hood carrycot'],
  NDGR0201: ['Grupo 0+ vestido con saco a juego', 'Group 0+ infant car seat dressed with matching footmuff'],
  NDGR0202: ['Funda de verano para Grupo 0', 'Summer cover for Group 0 car seat'],
  NDGR0203: ['Colchoneta reductora para Grupo 0', 'Newborn insert for Group 0 car seat'],
  NDGR0204: ['Saco de abrigo para Grupo 0', 'Cosy footmuff for Group 0 car seat'],
  NDGR0205: ['Saco polar para Grupo 0 con bordado', 'Fleece Group 0 footmuff with embroidery'],
  NDSIL301: ['Silla de paseo ligera plegable', 'Lightweight folding pushchair'],
  NDSIL302: ['Cochecito dúo: capazo y silla', 'Duo pram: carrycot and seat'],
  NDSIL303: ['Cochecito trío con Grupo 0', 'Trio travel system with Group 0 car seat'],
  NDSIL304: ['Silla de paseo urbana reversible', 'Reversible urban pushchair'],
  NDSIL305: ['Silla gemelar en línea', 'Tandem double pushchair'],
  NDSIL306: ['Silla de paseo compacta de viaje', 'Compact travel pushchair'],
  NDSIL307: ['Silla clásica con capota de bordado inglés', 'Classic pushchair with broderie anglaise hood'],
  NDBOL401: ['Bolso maternal con cambiador', 'Maternity bag with changing mat'],
  NDBOL402: ['Mochila cambiador personalizada', 'Personalised changing backpack'],
  NDBOL403: ['Bolso panera de piqué', 'Piqué basket bag'],
  NDBOL404: ['Bolso de paseo impermeable', 'Waterproof stroller bag'],
  NDBOL405: ['Neceser de bebé a juego', 'Matching baby toiletry bag'],
  NDBOL406: ['Bolso talego con bordado', 'Embroidered duffel bag'],
  NDBOL407: ['Bolso organizador para silla de paseo', 'Pushchair organiser bag'],
  NDBOL408: ['Bolso maternal vintage', 'Vintage maternity bag'],
  NDCOM501: ['Saco universal para silla de paseo', 'Universal pushchair footmuff'],
  NDCOM502: ['Colchoneta para silla de paseo', 'Pushchair seat liner'],
  NDCOM503: ['Manta de algodón personalizada', 'Personalised cotton blanket'],
  NDCOM504: ['Portachupetes a juego', 'Matching dummy clip'],
  NDCOM505: ['Sombrilla universal UPF 50+', 'Universal UPF 50+ parasol'],
  NDCOM506: ['Mosquitera universal para capazo', 'Universal carrycot mosquito net'],
  NDCOM507: ['Cambiador portátil acolchado', 'Padded portable changing mat'],
  NDCOM508: ['Babero de muselina, pack de 3', 'Muslin bib, pack of 3'],
  NDCUN601: ['Minicuna de colecho con colchón', 'Bedside co-sleeping crib with mattress'],
  NDCUN602: ['Moisés de mimbre vestido', 'Dressed wicker Moses basket'],
  NDCUN603: ['Cuna convertible de madera', 'Convertible wooden cot'],
  NDCUN604: ['Kit textil para cuna: edredón y chichonera', 'Cot bedding set: quilt and bumper'],
  NDCUN605: ['Cuna de viaje plegable', 'Folding travel cot'],
  NDCPT701: ['Capota para capazo', 'Carrycot hood'],
  NDCPT702: ['Capota para silla de paseo', 'Pushchair hood'],
  NDCPT703: ['Capota de verano con visera', 'Summer hood with visor'],
  NDCPT704: ['Capota acolchada de invierno', 'Padded winter hood'],
  NDCPT705: ['Capota de bordado inglés', 'Broderie anglaise hood'],
  NDEXP801: ['Expositor de madera para tienda', 'Wooden shop display stand'],
  NDMUE802: ['Muestrario de tejidos de temporada', 'Seasonal fabric swatch book'],
  [EMBROIDERY_MODELO]: ['Bordado personalizado', 'Custom embroidery'],
};

export const DEMO_MODELS: DemoModel[] = [
  // 1 CAPAZO
  ...family(1, [
    ['NDCAP101', 24900, [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura')], ['OI26', 'PV26']],
    // In both open seasons: ordered from a search, it ships at once (record 054).
    ['NDCAP102', 18900, [g(10), g(40)], ['OI26', 'PV26']],
    [
      'NDCAP103',
      27900,
      [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura'), g(50, 'personal')],
      ['OI26', 'PRO'],
      { personalizado: 2 },
    ],
    ['NDCAP104', 29900, [g(10, undefined, 1.5), g(60)], ['OI26']],
    ['NDCAP105', 31900, [g(11), g(40), g(60)], ['PV26']],
    [
      'NDCAP106',
      32000,
      [g(10, 'textil'), g(42, 'estructura'), g(60, 'estructura'), g(50, 'personal')],
      ['PRO', 'OI26'],
    ],
    ['NDCAP107', 21900, [g(10), g(40)], ['CL24'], { baja: true }],
  ]),
  // 2 GRUPO 0
  ...family(2, [
    // Its fabrics may be ordered several at once (the colour grid).
    ['NDGR0201', 17900, [g(10), g(40)], ['OI26'], { grupo_rejilla_id: 10 }],
    ['NDGR0202', 4500, [g(11), g(40)], ['PV26']],
    ['NDGR0203', 3900, [g(11), g(50)], ['PV26', 'OI26']],
    ['NDGR0204', 6900, [g(10), g(40)], ['OI26']],
    ['NDGR0205', 7900, [g(10, 'textil'), g(50, 'personal')], ['OI26', 'PRO'], { personalizado: 2 }],
  ]),
  // 3 SILLA PASEO
  ...family(3, [
    ['NDSIL301', 38900, [g(10, 'textil'), g(20, 'estructura'), g(21, 'estructura')], ['OI26', 'PV26']],
    [
      'NDSIL302',
      64900,
      [g(10, 'textil', 1.5), g(30, 'textil'), g(20, 'estructura'), g(21, 'estructura')],
      ['OI26'],
    ],
    ['NDSIL303', 69900, [g(10, 'textil', 2), g(30, 'textil'), g(20, 'estructura')], ['OI26', 'PRO']],
    ['NDSIL304', 45900, [g(10), g(20), g(21)], ['PV26']],
    ['NDSIL305', 59900, [g(10, undefined, 2), g(20)], ['PRO']],
    ['NDSIL306', 34900, [g(10), g(20)], ['PV26']],
    [
      'NDSIL307',
      52900,
      [g(10, 'textil', 1.5), g(30, 'textil'), g(20, 'estructura'), g(50, 'personal')],
      ['PRO', 'OI26'],
      { personalizado: 2 },
    ],
  ]),
  // 4 BOLSOS
  ...family(4, [
    ['NDBOL401', 6900, [g(10), g(41), g(40)], ['OI26', 'PV26']],
    ['NDBOL402', 7900, [g(10, 'textil'), g(41, 'textil'), g(50, 'personal')], ['OI26'], { personalizado: 2 }],
    ['NDBOL403', 5500, [g(11), g(41)], ['PV26']],
    ['NDBOL404', 5900, [g(10), g(41)], ['PV26']],
    ['NDBOL405', 4500, [g(11), g(50)], ['PV26', 'OI26']],
    ['NDBOL406', 8900, [g(10), g(41), g(50)], ['OI26']],
    ['NDBOL407', 4800, [g(10), g(40)], ['PV26']],
    ['NDBOL408', 7500, [g(10), g(41)], ['CL24'], { baja: true }],
  ]),
  // 5 COMPLEMENTOS
  ...family(5, [
    ['NDCOM501', 7900, [g(10), g(40)], ['OI26']],
    ['NDCOM502', 3900, [g(11), g(40)], ['PV26']],
    [
      'NDCOM503',
      4900,
      [g(11, 'textil'), g(40, 'textil'), g(50, 'personal')],
      ['OI26', 'PV26'],
      { personalizado: 2 },
    ],
    ['NDCOM504', 1200, [g(11), g(50)], ['PV26']],
    // In both open seasons, like NDCAP102: journeys add them beside models delivered at once.
    ['NDCOM505', 3200, [g(10), g(40)], ['OI26', 'PV26']],
    ['NDCOM506', 2200, [g(11), g(40)], ['OI26', 'PV26']],
    ['NDCOM507', 3500, [g(10), g(50)], []],
    // Sold in threes, six at least (issue 30's minimums).
    ['NDCOM508', 900, [g(11), g(40)], ['PV26'], { cantidad_minima: 6, multiplo: 3 }],
  ]),
  // 6 CUNAS
  ...family(6, [
    ['NDCUN601', 28900, [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura')], ['OI26', 'PV26']],
    ['NDCUN602', 24900, [g(11, undefined, 1.5), g(40), g(50)], ['PV26']],
    [
      'NDCUN603',
      45900,
      [g(42, 'estructura'), g(70, 'estructura'), g(60, 'estructura'), g(10, 'textil', 2)],
      ['OI26', 'PRO'],
    ],
    ['NDCUN604', 13900, [g(10, undefined, 2), g(70), g(40)], ['OI26']],
    ['NDCUN605', 16900, [g(10), g(70)], ['PV26']],
  ]),
  // 7 CAPOTAS
  ...family(7, [
    ['NDCPT701', 5900, [g(10), g(30)], ['OI26']],
    ['NDCPT702', 6500, [g(10), g(30), g(40)], ['OI26', 'PV26']],
    ['NDCPT703', 5500, [g(11), g(40)], ['PV26']],
    ['NDCPT704', 7200, [g(10, undefined, 1.5), g(40)], ['OI25']],
    ['NDCPT705', 6900, [g(11), g(40), g(50)], ['PV26', 'PRO']],
  ]),
  // 8 no family: shop material and service items
  ...family(8, [
    ['NDEXP801', 14900, [g(42)], ['PRO']],
    ['NDMUE802', 3500, [], ['PRO']],
    [EMBROIDERY_MODELO, 0, [], []],
  ]),
];

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

/** A client's season: who submits its orders, in turn, and how many there are. */
export interface DemoHistory {
  cliente: string;
  /** Emails of who submit its orders, in turn: its users, the representative, or the Admin acting for it. */
  by: string[];
  /** Orders over the last six months, processed or bought (the older ones bought). */
  past: number;
  /** Orders of the last days, still pending. */
  pending: number;
}

export const DEMO_HISTORIES: DemoHistory[] = [
  {
    cliente: 'sur',
    by: ['shop@nido.test', 'shop.b@nido.test', 'shop@nido.test', 'rep@nido.test'],
    past: 9,
    pending: 3,
  },
  { cliente: 'pasitos', by: ['shop2@nido.test'], past: 8, pending: 2 },
  { cliente: 'ciguena', by: ['rep@nido.test'], past: 5, pending: 1 },
  { cliente: 'berco', by: ['rep@nido.test'], past: 4, pending: 1 },
  { cliente: 'andorra', by: ['rep@nido.test'], past: 3, pending: 0 },
  { cliente: 'madrid', by: ['admin@nido.test'], past: 3, pending: 1 },
  { cliente: 'companhia', by: ['admin@nido.test'], past: 2, pending: 0 },
];

/**
 * A year and a half of orders of clients no journey signs in as (e2e/ counts the shops' own orders
 * and invoices), so the dashboard shows a season against the last (record 055): placed by staff,
 * spread over 540 days with a busier spring and autumn, processed or bought, never invoiced.
 */
export const DEMO_SEASONS: Array<{ cliente: string; by: string[]; orders: number }> = [
  { cliente: 'norte', by: ['admin@nido.test'], orders: 52 },
  { cliente: 'chiquitin', by: ['admin@nido.test'], orders: 44 },
  { cliente: 'petit', by: ['admin@nido.test'], orders: 40 },
  { cliente: 'lunitas', by: ['admin@nido.test'], orders: 34 },
  { cliente: 'arrullo', by: ['admin@nido.test'], orders: 36 },
];

/** The cart in progress: a client's open order with embroidered lines, and who is filling it. */
export const DEMO_CART = { cliente: 'sur', by: ['shop@nido.test', 'shop.b@nido.test'], lines: 3 };

/** The shops' own purchase-order references, given on some submissions. */
export const ORDER_REFERENCES = ['PED-', 'OC ', 'REF ', 'PO-'];

// ── Order texts ───────────────────────────────────────────────────────────────────────────────

/** Names embroidered on demo lines (by letters limit: ≤3 initials, ≤12 name, ≤15 name and date). */
export const EMBROIDERY_INITIALS = ['LMG', 'ARP', 'CS', 'MJV', 'HB', 'NRO'];
export const EMBROIDERY_NAMES = [
  'Lucía',
  'Martín',
  'Olivia',
  'Hugo',
  'Valentina',
  'Mateo',
  'Carmen',
  'Leo',
  'Alba',
];
export const EMBROIDERY_NAMES_DATES = ['Lucía 12/03/26', 'Hugo 04/05/26', 'Alba 21/07/26', 'Leo 30/08/26'];

export const LINE_NOTES = [
  'Para escaparate',
  'Regalo: sin precio en la etiqueta',
  'Bordado centrado, por favor',
  'Cliente final recoge en tienda',
  'Same fabric as last order, please',
];

export const ORDER_NOTES = [
  'Por favor, enviar todo en un solo bulto.',
  'Entregas solo por la mañana (9:00-14:00).',
  'Reposición de temporada.',
  'Please ship with the next weekly route.',
  '',
];
