/**
 * Every user-facing text of the spec (§2, §5, §8), verbatim, in one place.
 * Client and server both import from here so the two never drift apart.
 */
export const MESSAGES = {
  cart: {
    addSize: 'Add size',
    added: 'Your shoe add to cart',
  },
  payment: {
    processing: 'Proccesading...',
    failed: 'error in your payment',
    signInFirst: 'create your user for pay',
  },
  checkoutForm: {
    name: 'Please enter a valid name.',
    state: 'The state can only contain letters and spaces',
    city: 'The city can only contain letters and spaces',
    line1: 'enter the line 1 correctly',
    postalCode: 'enter the postal code correctly',
  },
  newsletter: {
    invalidEmail: 'Use a valid email',
    thanks: 'Thanks for subscribing!',
  },
  review: {
    tooShort: 'Review must contain at least 5 characters.',
    updateTooShort: 'Review update must contain at least 5 characters.',
    notBought: "You haven't bought these yet",
    alreadyBought: 'I already bought them',
    anonymous: 'ANONYMOUS USER',
  },
  favorites: {
    added: 'Shoe added to Favorites',
    removed: 'Shoe removed from Favorites',
  },
  identity: {
    emailInUse: 'Email already in use',
    weakPassword: 'The Password should be at least 6 characters',
    fillPassword: 'Fill the password',
    invalidEmail: 'Use a valid email',
    userNotFound: 'User not found',
    wrongPassword: 'Wrong Password',
    resetSent: 'Email send',
    welcomeBack: 'Welcome again!',
    welcomeGoogle: 'Welcome Google User!',
    seeYou: 'See you later!',
    loggedOut: 'You logout',
    passwordUpdated: 'Password Updated',
    nameUpdated: 'Name Updated',
    imageUploaded: 'Image Upload',
    disabled: 'Your account is Disabled or Eliminated',
    welcome: 'Welcome to Sneaker Street!',
    recoverHeading: 'Recover your password',
    sendEmail: 'Send Email',
    forgetLink: 'Forget password?',
    googleUnavailable: 'Sign-in with Google is not available',
    signInRequired: 'Sign in to continue',
    forbidden: 'You are not allowed to do this',
    resetLinkInvalid: 'This reset link has expired or was already used',
    passwordReset: 'Your password was changed, sign in with it now',
    imageRequired: 'Choose an image',
    imageInvalid: 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF)',
    imageTooLarge: 'The image can be at most 5 MB',
    tooManyAttempts: 'Too many attempts, please wait a minute and try again',
    googleFailed: 'Google sign-in failed, please try again.',
    googleAccountExists: 'An account with this email already exists: sign in with your password.',
    passwordsDiffer: 'The passwords do not match',
  },
  account: {
    /** Until the checkout issue brings the orders list. */
    ordersPlaceholder: 'Your orders will show here.',
  },
  admin: {
    shoeCreated: 'Your shoe was added to store',
    shoeCreateFailed: 'Something went wrong creating your shoes',
    brandCreateFailed: 'Something went wrong creating your brand',
    shoeModified: 'Your modified shoe was added to store',
    sizeCreateFailed: 'Something went wrong creating the size',
    confirmDelete: "Are you sure? You won't be able to revert this!",
    deleted: 'Deleted!',
  },
  pages: {
    notFound: 'Page not found',
    backHome: 'Back Home',
    loading: 'LOADING...',
    buyMe: 'BUY ME!',
    onSaleBadge: 'ON SALE',
    onSaleHeading: 'ON SALE!',
    favoritesHeading: 'MY FAVORITES!',
    allModels: 'All models',
    needHelp: 'Need Help?',
    previous: 'Previous',
    next: 'Next',
  },
  contact: {
    received: 'Thanks, we got your message and will answer soon.',
  },
  common: {
    /** Shown when a request fails and the server gave no message of its own. */
    somethingWrong: 'Something went wrong, please try again.',
  },
  catalog: {
    noSearchMatch: 'No shoes match your search',
    shoeNotFound: 'Shoe not found',
  },
} as const;
