/**
 * The demo catalogue of Nido: users, client shops, option groups, collections and models, in
 * Spanish and English. Pure data; seed.ts turns it into rows (and generates orders and images).
 * Money is integer cents.
 */

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
  /** Assigned to the demo sales representative. */
  rep?: boolean;
  activo?: boolean;
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    key: 'sur',
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
    rep: true,
  },
  {
    key: 'pasitos',
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
  },
  {
    key: 'companhia',
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
  embroidery_position?: string;
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

export const DEMO_GROUPS: DemoGroup[] = [
  {
    id: 10,
    nombre: 'Tejido',
    nombre_en: 'Fabric',
    sections: [
      { key: 'lisos', name: 'Lisos', name_en: 'Plain' },
      { key: 'estampados', name: 'Estampados', name_en: 'Prints' },
    ],
    options: [
      { codigo: 'TJ01', nombre: 'Gris perla', nombre_en: 'Pearl grey', color: '#c8c8c6', section: 'lisos' },
      { codigo: 'TJ02', nombre: 'Beige arena', nombre_en: 'Sand beige', color: '#d9c8a9', section: 'lisos' },
      { codigo: 'TJ03', nombre: 'Azul niebla', nombre_en: 'Mist blue', color: '#9db3c8', section: 'lisos' },
      {
        codigo: 'TJ04',
        nombre: 'Rosa empolvado',
        nombre_en: 'Dusty pink',
        color: '#e2b6b3',
        section: 'lisos',
      },
      { codigo: 'TJ05', nombre: 'Verde salvia', nombre_en: 'Sage green', color: '#a5b89c', section: 'lisos' },
      { codigo: 'TJ06', nombre: 'Antracita', nombre_en: 'Charcoal', color: '#3a3b3d', section: 'lisos' },
      { codigo: 'TJ07', nombre: 'Azul marino', nombre_en: 'Navy blue', color: '#27364f', section: 'lisos' },
      {
        codigo: 'TJ11',
        nombre: 'Estrellas grises',
        nombre_en: 'Grey stars',
        color: '#b4bac3',
        price_cents: 1250,
        section: 'estampados',
      },
      {
        codigo: 'TJ12',
        nombre: 'Topos camel',
        nombre_en: 'Camel polka dots',
        color: '#c9a57a',
        price_cents: 1250,
        section: 'estampados',
      },
      {
        codigo: 'TJ13',
        nombre: 'Flores liberty',
        nombre_en: 'Liberty flowers',
        color: '#d7979c',
        price_cents: 1500,
        section: 'estampados',
      },
      {
        codigo: 'TJ14',
        nombre: 'Rayas marineras',
        nombre_en: 'Breton stripes',
        color: '#3e5c82',
        price_cents: 1250,
        section: 'estampados',
      },
      {
        codigo: 'TJ15',
        nombre: 'Cuadro escocés',
        nombre_en: 'Tartan',
        color: '#8b3a3a',
        price_cents: 1250,
        section: 'estampados',
        activado: false,
      },
    ],
  },
  {
    id: 11,
    nombre: 'Piqué',
    nombre_en: 'Piqué cotton',
    options: [
      { codigo: 'PQ01', nombre: 'Blanco', nombre_en: 'White', color: '#f5f3ef' },
      { codigo: 'PQ02', nombre: 'Crudo', nombre_en: 'Ecru', color: '#ece2cd' },
      { codigo: 'PQ03', nombre: 'Celeste', nombre_en: 'Sky blue', color: '#bdd7ea' },
      { codigo: 'PQ04', nombre: 'Rosa bebé', nombre_en: 'Baby pink', color: '#f3cdd5' },
      { codigo: 'PQ05', nombre: 'Mostaza', nombre_en: 'Mustard', color: '#d6a03f', price_cents: 500 },
      { codigo: 'PQ06', nombre: 'Verde agua', nombre_en: 'Aqua green', color: '#9ed2c6', price_cents: 500 },
    ],
  },
  {
    id: 20,
    nombre: 'Chasis',
    nombre_en: 'Chassis',
    options: [
      { codigo: 'CH01', nombre: 'Negro mate', nombre_en: 'Matt black', color: '#1f1f1f' },
      { codigo: 'CH02', nombre: 'Plata', nombre_en: 'Silver', color: '#c0c2c5' },
      { codigo: 'CH03', nombre: 'Champán', nombre_en: 'Champagne', color: '#d6c29f', price_cents: 2500 },
      { codigo: 'CH04', nombre: 'Oro rosa', nombre_en: 'Rose gold', color: '#c99a8b', price_cents: 3500 },
    ],
  },
  {
    id: 21,
    nombre: 'Ruedas',
    nombre_en: 'Wheels',
    options: [
      { codigo: 'RU01', nombre: 'Estándar', nombre_en: 'Standard' },
      { codigo: 'RU02', nombre: 'Caucho macizo', nombre_en: 'Solid rubber', price_cents: 1990 },
      {
        codigo: 'RU03',
        nombre: 'Todoterreno con suspensión',
        nombre_en: 'All-terrain with suspension',
        price_cents: 2990,
      },
    ],
  },
  {
    id: 30,
    nombre: 'Capota',
    nombre_en: 'Hood',
    options: [
      { codigo: 'CP01', nombre: 'Capota a juego', nombre_en: 'Matching hood' },
      {
        codigo: 'CP02',
        nombre: 'Capota con visera extensible UPF 50+',
        nombre_en: 'Hood with extendable UPF 50+ visor',
        price_cents: 1800,
      },
      {
        codigo: 'CP03',
        nombre: 'Capota de bordado inglés',
        nombre_en: 'Broderie anglaise hood',
        color: '#fbfaf6',
        price_cents: 2400,
      },
    ],
  },
  {
    id: 40,
    nombre: 'Acabado',
    nombre_en: 'Trim',
    options: [
      { codigo: 'AC01', nombre: 'Sin ribete', nombre_en: 'No piping' },
      {
        codigo: 'AC02',
        nombre: 'Ribete blanco',
        nombre_en: 'White piping',
        color: '#ffffff',
        price_cents: 600,
      },
      {
        codigo: 'AC03',
        nombre: 'Ribete camel',
        nombre_en: 'Camel piping',
        color: '#a0703c',
        price_cents: 800,
      },
      {
        codigo: 'AC04',
        nombre: 'Puntilla de algodón',
        nombre_en: 'Cotton lace trim',
        color: '#f4efe2',
        price_cents: 950,
      },
    ],
  },
  {
    id: 41,
    nombre: 'Asa',
    nombre_en: 'Handle',
    options: [
      { codigo: 'AS01', nombre: 'Asa de tela a juego', nombre_en: 'Matching fabric handle' },
      {
        codigo: 'AS02',
        nombre: 'Asa de polipiel camel',
        nombre_en: 'Camel faux-leather handle',
        color: '#a0703c',
        price_cents: 750,
      },
      {
        codigo: 'AS03',
        nombre: 'Asa de polipiel negra',
        nombre_en: 'Black faux-leather handle',
        color: '#222222',
        price_cents: 750,
      },
      {
        codigo: 'AS04',
        nombre: 'Asa de bambú',
        nombre_en: 'Bamboo handle',
        color: '#c8a26b',
        price_cents: 1100,
      },
    ],
  },
  {
    id: 42,
    nombre: 'Madera',
    nombre_en: 'Wood finish',
    options: [
      { codigo: 'MD01', nombre: 'Haya natural', nombre_en: 'Natural beech', color: '#d8b98c' },
      {
        codigo: 'MD02',
        nombre: 'Lacado blanco',
        nombre_en: 'White lacquer',
        color: '#f4f3ef',
        price_cents: 1500,
      },
      { codigo: 'MD03', nombre: 'Nogal', nombre_en: 'Walnut', color: '#6b4a2f', price_cents: 2000 },
    ],
  },
  {
    id: 50,
    nombre: 'Bordado',
    nombre_en: 'Embroidery',
    sections: [{ key: 'texto', name: 'Texto bordado', name_en: 'Embroidered text' }],
    options: [
      { codigo: 'BD00', nombre: 'Sin bordado', nombre_en: 'No embroidery' },
      {
        codigo: 'BD01',
        nombre: 'Nombre',
        nombre_en: 'Name',
        price_cents: 990,
        letters: 12,
        embroidery_color: true,
        embroidery_position: 'Delantera,Lateral',
        section: 'texto',
      },
      {
        codigo: 'BD02',
        nombre: 'Iniciales',
        nombre_en: 'Initials',
        price_cents: 490,
        letters: 3,
        embroidery_color: true,
        embroidery_position: 'Delantera',
        section: 'texto',
      },
      {
        codigo: 'BD03',
        nombre: 'Nombre y fecha de nacimiento',
        nombre_en: 'Name and date of birth',
        price_cents: 1490,
        letters: 15,
        embroidery_color: true,
        embroidery_position: 'Delantera,Lateral,Capota',
        section: 'texto',
      },
    ],
  },
  {
    id: 60,
    nombre: 'Colchón',
    nombre_en: 'Mattress',
    options: [
      { codigo: 'CL01', nombre: 'Colchón transpirable estándar', nombre_en: 'Standard breathable mattress' },
      { codigo: 'CL02', nombre: 'Viscoelástico', nombre_en: 'Memory foam', price_cents: 2900 },
      {
        codigo: 'CL03',
        nombre: 'Fibra de coco y látex',
        nombre_en: 'Coconut fibre and latex',
        price_cents: 3900,
      },
    ],
  },
  {
    id: 70,
    nombre: 'Medida',
    nombre_en: 'Size',
    options: [
      { codigo: 'ME01', nombre: '60 × 120 cm', nombre_en: '60 × 120 cm' },
      { codigo: 'ME02', nombre: '70 × 140 cm', nombre_en: '70 × 140 cm', price_cents: 3500 },
    ],
  },
  {
    id: 80,
    nombre: 'Sombrilla',
    nombre_en: 'Parasol',
    activado: false,
    options: [
      { codigo: 'SO01', nombre: 'Sin sombrilla', nombre_en: 'No parasol' },
      { codigo: 'SO02', nombre: 'Sombrilla a juego', nombre_en: 'Matching parasol', price_cents: 2900 },
    ],
  },
  {
    id: EMBROIDERY_GROUP_ID,
    nombre: 'Colores bordado',
    nombre_en: 'Embroidery colours',
    options: [
      { codigo: '1001', nombre: 'Blanco', nombre_en: 'White', color: '#ffffff' },
      { codigo: '1000', nombre: 'Negro', nombre_en: 'Black', color: '#1c1c1c' },
      { codigo: '1078', nombre: 'Dorado', nombre_en: 'Gold', color: '#c9a227' },
      { codigo: '1011', nombre: 'Plata', nombre_en: 'Silver', color: '#b8bcc2' },
      { codigo: '1117', nombre: 'Rosa palo', nombre_en: 'Blush pink', color: '#e8b4b8' },
      { codigo: '1132', nombre: 'Azul cielo', nombre_en: 'Sky blue', color: '#8fb8de' },
      { codigo: '1243', nombre: 'Azul marino', nombre_en: 'Navy blue', color: '#1f2f57' },
      { codigo: '1147', nombre: 'Rojo', nombre_en: 'Red', color: '#b32428' },
      { codigo: '1049', nombre: 'Verde salvia', nombre_en: 'Sage green', color: '#8fa88a' },
      { codigo: '1055', nombre: 'Camel', nombre_en: 'Camel', color: '#a8743f' },
    ],
  },
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
}

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    coleccion: 'OI26',
    nombre: 'Otoño-Invierno 2026',
    nombre_en: 'Autumn-Winter 2026',
    activado: true,
    solorepresentantes: false,
    images: ['#8c6f5a', '#4f5d6e'],
  },
  {
    coleccion: 'PV26',
    nombre: 'Primavera-Verano 2026',
    nombre_en: 'Spring-Summer 2026',
    activado: true,
    solorepresentantes: false,
    images: ['#9cc5b8', '#e6b9a6'],
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
  grupos: DemoModelGroup[];
  /** DemoCollection.coleccion codes, in the order the model is listed. */
  colecciones: string[];
}

/**
 * Service models used by order lines. EMBROIDERY_MODELO is every model's modelobordado (product.md §5.7
 * default 0802): the server bills an embroidery surcharge on a line of this model that depends on
 * the embroidered line (orders/line-builder.ts). SHIPPING_MODELO is the shipping-charge line (porte).
 */
export const EMBROIDERY_MODELO = '0802';
export const SHIPPING_MODELO = 'NDPOR804';

const g = (id: number, section?: ModelSectionKey, size?: number): DemoModelGroup => ({ id, section, size });

export const DEMO_MODELS: DemoModel[] = [
  // 1 CAPAZO
  {
    modelo: 'NDCAP101',
    descripcion: 'Capazo rígido con colchón transpirable',
    descripcion_en: 'Rigid carrycot with breathable mattress',
    pvp_cents: 24900,
    familia: 1,
    grupos: [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura')],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDCAP102',
    descripcion: 'Capazo plegable ultraligero',
    descripcion_en: 'Ultralight foldable carrycot',
    pvp_cents: 18900,
    familia: 1,
    grupos: [g(10), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCAP103',
    descripcion: 'Capazo personalizado con bordado',
    descripcion_en: 'Personalised carrycot with embroidery',
    pvp_cents: 27900,
    familia: 1,
    personalizado: 2,
    grupos: [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura'), g(50, 'personal')],
    colecciones: ['OI26', 'PRO'],
  },
  {
    modelo: 'NDCAP104',
    descripcion: 'Capazo de invierno acolchado',
    descripcion_en: 'Padded winter carrycot',
    pvp_cents: 29900,
    familia: 1,
    grupos: [g(10, undefined, 1.5), g(60)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDCAP105',
    descripcion: 'Capazo de mimbre natural vestido en piqué',
    descripcion_en: 'Natural wicker carrycot dressed in piqué',
    pvp_cents: 31900,
    familia: 1,
    grupos: [g(11), g(40), g(60)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCAP106',
    descripcion: 'Capazo con base balancín de madera',
    descripcion_en: 'Carrycot with wooden rocking stand',
    pvp_cents: 32000,
    familia: 1,
    grupos: [g(10, 'textil'), g(42, 'estructura'), g(60, 'estructura'), g(50, 'personal')],
    colecciones: ['PRO', 'OI26'],
  },
  {
    modelo: 'NDCAP107',
    descripcion: 'Capazo clásico de capota fija',
    descripcion_en: 'Classic fixed-hood carrycot',
    pvp_cents: 21900,
    familia: 1,
    baja: true,
    grupos: [g(10), g(40)],
    colecciones: ['CL24'],
  },
  // 2 GRUPO 0
  {
    modelo: 'NDGR0201',
    descripcion: 'Grupo 0+ vestido con saco a juego',
    descripcion_en: 'Group 0+ infant car seat dressed with matching footmuff',
    pvp_cents: 17900,
    familia: 2,
    grupos: [g(10), g(40)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDGR0202',
    descripcion: 'Funda de verano para Grupo 0',
    descripcion_en: 'Summer cover for Group 0 car seat',
    pvp_cents: 4500,
    familia: 2,
    grupos: [g(11), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDGR0203',
    descripcion: 'Colchoneta reductora para Grupo 0',
    descripcion_en: 'Newborn insert for Group 0 car seat',
    pvp_cents: 3900,
    familia: 2,
    grupos: [g(11), g(50)],
    colecciones: ['PV26', 'OI26'],
  },
  {
    modelo: 'NDGR0204',
    descripcion: 'Saco de abrigo para Grupo 0',
    descripcion_en: 'Cosy footmuff for Group 0 car seat',
    pvp_cents: 6900,
    familia: 2,
    grupos: [g(10), g(40)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDGR0205',
    descripcion: 'Saco polar para Grupo 0 con bordado',
    descripcion_en: 'Fleece Group 0 footmuff with embroidery',
    pvp_cents: 7900,
    familia: 2,
    personalizado: 2,
    grupos: [g(10, 'textil'), g(50, 'personal')],
    colecciones: ['OI26', 'PRO'],
  },
  // 3 SILLA PASEO
  {
    modelo: 'NDSIL301',
    descripcion: 'Silla de paseo ligera plegable',
    descripcion_en: 'Lightweight folding pushchair',
    pvp_cents: 38900,
    familia: 3,
    grupos: [g(10, 'textil'), g(20, 'estructura'), g(21, 'estructura')],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDSIL302',
    descripcion: 'Cochecito dúo: capazo y silla',
    descripcion_en: 'Duo pram: carrycot and seat',
    pvp_cents: 64900,
    familia: 3,
    grupos: [g(10, 'textil', 1.5), g(30, 'textil'), g(20, 'estructura'), g(21, 'estructura')],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDSIL303',
    descripcion: 'Cochecito trío con Grupo 0',
    descripcion_en: 'Trio travel system with Group 0 car seat',
    pvp_cents: 69900,
    familia: 3,
    grupos: [g(10, 'textil', 2), g(30, 'textil'), g(20, 'estructura')],
    colecciones: ['OI26', 'PRO'],
  },
  {
    modelo: 'NDSIL304',
    descripcion: 'Silla de paseo urbana reversible',
    descripcion_en: 'Reversible urban pushchair',
    pvp_cents: 45900,
    familia: 3,
    grupos: [g(10), g(20), g(21)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDSIL305',
    descripcion: 'Silla gemelar en línea',
    descripcion_en: 'Tandem double pushchair',
    pvp_cents: 59900,
    familia: 3,
    grupos: [g(10, undefined, 2), g(20)],
    colecciones: ['PRO'],
  },
  {
    modelo: 'NDSIL306',
    descripcion: 'Silla de paseo compacta de viaje',
    descripcion_en: 'Compact travel pushchair',
    pvp_cents: 34900,
    familia: 3,
    grupos: [g(10), g(20)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDSIL307',
    descripcion: 'Silla clásica con capota de bordado inglés',
    descripcion_en: 'Classic pushchair with broderie anglaise hood',
    pvp_cents: 52900,
    familia: 3,
    personalizado: 2,
    grupos: [g(10, 'textil', 1.5), g(30, 'textil'), g(20, 'estructura'), g(50, 'personal')],
    colecciones: ['PRO', 'OI26'],
  },
  // 4 BOLSOS
  {
    modelo: 'NDBOL401',
    descripcion: 'Bolso maternal con cambiador',
    descripcion_en: 'Maternity bag with changing mat',
    pvp_cents: 6900,
    familia: 4,
    grupos: [g(10), g(41), g(40)],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDBOL402',
    descripcion: 'Mochila cambiador personalizada',
    descripcion_en: 'Personalised changing backpack',
    pvp_cents: 7900,
    familia: 4,
    personalizado: 2,
    grupos: [g(10, 'textil'), g(41, 'textil'), g(50, 'personal')],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDBOL403',
    descripcion: 'Bolso panera de piqué',
    descripcion_en: 'Piqué basket bag',
    pvp_cents: 5500,
    familia: 4,
    grupos: [g(11), g(41)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDBOL404',
    descripcion: 'Bolso de paseo impermeable',
    descripcion_en: 'Waterproof stroller bag',
    pvp_cents: 5900,
    familia: 4,
    grupos: [g(10), g(41)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDBOL405',
    descripcion: 'Neceser de bebé a juego',
    descripcion_en: 'Matching baby toiletry bag',
    pvp_cents: 4500,
    familia: 4,
    grupos: [g(11), g(50)],
    colecciones: ['PV26', 'OI26'],
  },
  {
    modelo: 'NDBOL406',
    descripcion: 'Bolso talego con bordado',
    descripcion_en: 'Embroidered duffel bag',
    pvp_cents: 8900,
    familia: 4,
    grupos: [g(10), g(41), g(50)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDBOL407',
    descripcion: 'Bolso organizador para silla de paseo',
    descripcion_en: 'Pushchair organiser bag',
    pvp_cents: 4800,
    familia: 4,
    grupos: [g(10), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDBOL408',
    descripcion: 'Bolso maternal vintage',
    descripcion_en: 'Vintage maternity bag',
    pvp_cents: 7500,
    familia: 4,
    baja: true,
    grupos: [g(10), g(41)],
    colecciones: ['CL24'],
  },
  // 5 COMPLEMENTOS
  {
    modelo: 'NDCOM501',
    descripcion: 'Saco universal para silla de paseo',
    descripcion_en: 'Universal pushchair footmuff',
    pvp_cents: 7900,
    familia: 5,
    grupos: [g(10), g(40)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDCOM502',
    descripcion: 'Colchoneta para silla de paseo',
    descripcion_en: 'Pushchair seat liner',
    pvp_cents: 3900,
    familia: 5,
    grupos: [g(11), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCOM503',
    descripcion: 'Manta de algodón personalizada',
    descripcion_en: 'Personalised cotton blanket',
    pvp_cents: 4900,
    familia: 5,
    personalizado: 2,
    grupos: [g(11, 'textil'), g(40, 'textil'), g(50, 'personal')],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDCOM504',
    descripcion: 'Portachupetes a juego',
    descripcion_en: 'Matching dummy clip',
    pvp_cents: 1200,
    familia: 5,
    grupos: [g(11), g(50)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCOM505',
    descripcion: 'Sombrilla universal UPF 50+',
    descripcion_en: 'Universal UPF 50+ parasol',
    pvp_cents: 3200,
    familia: 5,
    grupos: [g(10), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCOM506',
    descripcion: 'Mosquitera universal para capazo',
    descripcion_en: 'Universal carrycot mosquito net',
    pvp_cents: 2200,
    familia: 5,
    grupos: [g(11), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCOM507',
    descripcion: 'Cambiador portátil acolchado',
    descripcion_en: 'Padded portable changing mat',
    pvp_cents: 3500,
    familia: 5,
    grupos: [g(10), g(50)],
    colecciones: [],
  },
  // 6 CUNAS
  {
    modelo: 'NDCUN601',
    descripcion: 'Minicuna de colecho con colchón',
    descripcion_en: 'Bedside co-sleeping crib with mattress',
    pvp_cents: 28900,
    familia: 6,
    grupos: [g(10, 'textil'), g(40, 'textil'), g(60, 'estructura')],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDCUN602',
    descripcion: 'Moisés de mimbre vestido',
    descripcion_en: 'Dressed wicker Moses basket',
    pvp_cents: 24900,
    familia: 6,
    grupos: [g(11, undefined, 1.5), g(40), g(50)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCUN603',
    descripcion: 'Cuna convertible de madera',
    descripcion_en: 'Convertible wooden cot',
    pvp_cents: 45900,
    familia: 6,
    grupos: [g(42, 'estructura'), g(70, 'estructura'), g(60, 'estructura'), g(10, 'textil', 2)],
    colecciones: ['OI26', 'PRO'],
  },
  {
    modelo: 'NDCUN604',
    descripcion: 'Kit textil para cuna: edredón y chichonera',
    descripcion_en: 'Cot bedding set: quilt and bumper',
    pvp_cents: 13900,
    familia: 6,
    grupos: [g(10, undefined, 2), g(70), g(40)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDCUN605',
    descripcion: 'Cuna de viaje plegable',
    descripcion_en: 'Folding travel cot',
    pvp_cents: 16900,
    familia: 6,
    grupos: [g(10), g(70)],
    colecciones: ['PV26'],
  },
  // 7 CAPOTAS
  {
    modelo: 'NDCPT701',
    descripcion: 'Capota para capazo',
    descripcion_en: 'Carrycot hood',
    pvp_cents: 5900,
    familia: 7,
    grupos: [g(10), g(30)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDCPT702',
    descripcion: 'Capota para silla de paseo',
    descripcion_en: 'Pushchair hood',
    pvp_cents: 6500,
    familia: 7,
    grupos: [g(10), g(30), g(40)],
    colecciones: ['OI26', 'PV26'],
  },
  {
    modelo: 'NDCPT703',
    descripcion: 'Capota de verano con visera',
    descripcion_en: 'Summer hood with visor',
    pvp_cents: 5500,
    familia: 7,
    grupos: [g(11), g(40)],
    colecciones: ['PV26'],
  },
  {
    modelo: 'NDCPT704',
    descripcion: 'Capota acolchada de invierno',
    descripcion_en: 'Padded winter hood',
    pvp_cents: 7200,
    familia: 7,
    grupos: [g(10, undefined, 1.5), g(40)],
    colecciones: ['OI26'],
  },
  {
    modelo: 'NDCPT705',
    descripcion: 'Capota de bordado inglés',
    descripcion_en: 'Broderie anglaise hood',
    pvp_cents: 6900,
    familia: 7,
    grupos: [g(11), g(40), g(50)],
    colecciones: ['PV26', 'PRO'],
  },
  // 8 no family: shop material and service items
  {
    modelo: 'NDEXP801',
    descripcion: 'Expositor de madera para tienda',
    descripcion_en: 'Wooden shop display stand',
    pvp_cents: 14900,
    familia: 8,
    grupos: [g(42)],
    colecciones: ['PRO'],
  },
  {
    modelo: 'NDMUE802',
    descripcion: 'Muestrario de tejidos de temporada',
    descripcion_en: 'Seasonal fabric swatch book',
    pvp_cents: 3500,
    familia: 8,
    grupos: [],
    colecciones: ['PRO'],
  },
  {
    modelo: EMBROIDERY_MODELO,
    descripcion: 'Bordado personalizado',
    descripcion_en: 'Custom embroidery',
    pvp_cents: 0,
    familia: 8,
    grupos: [],
    colecciones: [],
  },
  {
    modelo: SHIPPING_MODELO,
    descripcion: 'Gastos de envío',
    descripcion_en: 'Shipping charge',
    pvp_cents: 1200,
    familia: 8,
    grupos: [],
    colecciones: [],
  },
];

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
