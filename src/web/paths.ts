/** Every route of the web app (spec §2), in one place. */
export const paths = {
  home: '/',
  shoes: '/shoes',
  shoe: (id: string) => `/shoes/${encodeURIComponent(id)}`,
  collection: (brand: string) => `/collections/${encodeURIComponent(brand)}`,
  sale: '/sale',
  favorites: '/favorites',
  cart: '/cart',
  signIn: '/signin',
  createAccount: '/createaccount',
  forget: '/forget',
  /** Opened from the password-reset mail: `/reset-password?token=...` (server: RESET_PASSWORD_PAGE). */
  resetPassword: '/reset-password',
  account: '/account',
  order: (idPayment: string) => `/order/${encodeURIComponent(idPayment)}`,
  admin: '/admin',
  orders: '/orders',
  /** `/orders?order={idPayment}`: one order, opened from the dashboard's orders table. */
  adminOrder: (idPayment: string) => `/orders?order=${encodeURIComponent(idPayment)}`,
  createShoes: '/createshoes',
  createBrand: '/createbrand',
  createSize: '/createsize',
  modifyShoe: '/modifshoe',
  /** The size and modify forms work on the shoe named in `?shoe=`; without it they ask for one. */
  createSizeFor: (shoeId: string) => `/createsize?shoe=${encodeURIComponent(shoeId)}`,
  modifyShoeFor: (shoeId: string) => `/modifshoe?shoe=${encodeURIComponent(shoeId)}`,
  aboutUs: '/AboutUs',
  contactUs: '/ContactUs',
  sizeChart: '/SizeChart',
  termsOfService: '/TermsOfService',
} as const;

/** The static pages answer to both spellings (spec §2). */
export const staticPageAliases = {
  aboutUs: ['/AboutUs', '/aboutUs'],
  contactUs: ['/ContactUs', '/contactUs'],
  sizeChart: ['/SizeChart', '/sizeChart'],
  termsOfService: ['/TermsOfService', '/termsOfService'],
} as const;

/** Social links shown in the footer and by the help chat ("Pictures"). */
export const externalLinks = {
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  playlist: 'https://open.spotify.com/',
} as const;
