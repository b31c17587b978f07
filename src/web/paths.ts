import { PAGES, pathOf } from '../domain/routes';

/** Links to the shop's pages, from the route table (domain/routes.ts): where each page lives. */
export const paths = {
  home: PAGES.home.path,
  shoes: PAGES.shoes.path,
  shoe: (id: string) => pathOf(PAGES.shoe, id),
  drop: (id: string) => pathOf(PAGES.drop, id),
  collection: (brand: string) => pathOf(PAGES.collection, brand),
  sale: PAGES.sale.path,
  favorites: PAGES.favorites.path,
  cart: PAGES.cart.path,
  signIn: PAGES.signIn.path,
  createAccount: PAGES.createAccount.path,
  forget: PAGES.forget.path,
  resetPassword: PAGES.resetPassword.path,
  verifyEmail: PAGES.verifyEmail.path,
  account: PAGES.account.path,
  order: (idPayment: string) => pathOf(PAGES.order, idPayment),
  admin: PAGES.admin.path,
  orders: PAGES.orders.path,
  /** `/orders?order={idPayment}`: one order, opened from the dashboard's orders table. */
  adminOrder: (idPayment: string) => `${PAGES.orders.path}?order=${encodeURIComponent(idPayment)}`,
  createShoes: PAGES.createShoes.path,
  createBrand: PAGES.createBrand.path,
  createSize: PAGES.createSize.path,
  modifyShoe: PAGES.modifyShoe.path,
  /** The size and modify forms work on the shoe named in `?shoe=`; without it they ask for one. */
  createSizeFor: (shoeId: string) => `${PAGES.createSize.path}?shoe=${encodeURIComponent(shoeId)}`,
  modifyShoeFor: (shoeId: string) => `${PAGES.modifyShoe.path}?shoe=${encodeURIComponent(shoeId)}`,
  discountCode: (id?: string) =>
    id ? `${PAGES.discountCode.path}?code=${encodeURIComponent(id)}` : PAGES.discountCode.path,
  audit: PAGES.audit.path,
  importCatalogue: PAGES.importCatalogue.path,
  shipping: PAGES.shipping.path,
  salesTax: PAGES.salesTax.path,
  webhooks: PAGES.webhooks.path,
  adminDrops: PAGES.adminDrops.path,
  /** `/managedrops?drop={id}`: one drop with its entries. */
  adminDrop: (id: string) => `${PAGES.adminDrops.path}?drop=${encodeURIComponent(id)}`,
  aboutUs: PAGES.aboutUs.path,
  contactUs: PAGES.contactUs.path,
  /** Spec §2 writes the order page's help link as /contactUs. */
  contactUsAsWritten: PAGES.contactUs.aliases[0],
  sizeChart: PAGES.sizeChart.path,
  termsOfService: PAGES.termsOfService.path,
} as const;

/** Social links shown in the footer and by the help chat ("Pictures"). */
export const externalLinks = {
  instagram: 'https://www.instagram.com/',
  twitter: 'https://x.com/',
  playlist: 'https://open.spotify.com/',
} as const;
