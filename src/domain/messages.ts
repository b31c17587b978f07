/**
 * Every user-facing text of the spec (§2, §5, §8), verbatim, in one place.
 * Client and server both import from here so the two never drift apart.
 * One file because a spec message has one home: a reviewer checks the spec's texts against this
 * list, and a text found here is found nowhere else.
 */
/** "12 shoes", or "1000+ shoes" for a search past its cap (`atLeast`, decision 033). */
function shoeCount(count: number, atLeast = false): string {
  return `${count}${atLeast ? '+' : ''} ${count === 1 && !atLeast ? 'shoe' : 'shoes'}`;
}

export const MESSAGES = {
  cart: {
    addSize: 'Add size',
    added: 'Your shoe add to cart',
    /** The added notice's link to the cart (issue 32). */
    viewCart: 'View cart',
  },
  /** The cart kept on the account (issue 35 item 1): what changed since a line was added. */
  savedCart: {
    priceChanged: (was: string, now: string) => `Price changed: ${was} → ${now}`,
    soldOutInSize: (size: string) => `Sold out in size ${size}`,
    removed: 'Removed from our catalogue',
  },
  payment: {
    processing: 'Proccesading...',
    failed: 'error in your payment',
    signInFirst: 'create your user for pay',
    // The card's own errors, as Stripe words them (test mode says the same).
    cardNumber: 'Your card number is invalid.',
    notTestCard:
      'Your card was declined: this shop runs in test mode, use a test card such as 4242 4242 4242 4242.',
    expiry: 'Your card has expired or the expiry date is invalid.',
    cvc: "Your card's security code is invalid.",
    card_declined: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    expired_card: 'Your card has expired.',
    incorrect_cvc: "Your card's security code is incorrect.",
    processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  },
  checkoutForm: {
    name: 'Please enter a valid name.',
    state: 'The state can only contain letters and spaces',
    city: 'The city can only contain letters and spaces',
    line1: 'enter the line 1 correctly',
    postalCode: 'enter the postal code correctly',
    // Beyond the spec (docs/decisions/019): a delivery address in the United States.
    usState: 'Enter a US state by its name or its two-letter code, such as California or CA',
    zip: 'Enter a 5-digit ZIP code, or ZIP+4 such as 92101-1234',
    line2:
      "Line 2 holds an apartment, suite or unit: letters, digits and . , # ' ’ - / & only, up to 100 characters",
    phone: 'Enter a US phone number of 10 digits, such as (619) 555-0134',
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
    alreadyReviewed: 'You already reviewed these: edit your review instead.',
    notFound: 'Review not found',
    tooLong: (max: number) => `A review can be at most ${max} characters.`,
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
    // Confirming the address of a password sign-up (docs/decisions/002).
    confirmationMailed: 'We mailed you a link to confirm your email address.',
    emailConfirmed: 'Your email address is confirmed',
    emailAlreadyConfirmed: 'Your email address is already confirmed',
    emailNotConfirmed: 'Your email address is not confirmed yet',
    confirmationSent: 'We mailed you a new link: open it to confirm your email address',
    confirmLinkInvalid: 'This confirmation link has expired or is not valid',
    confirmLinkMissing: 'Open the link we mailed you to confirm your email address',
  },
  admin: {
    shoeCreated: 'Your shoe was added to store',
    shoeCreateFailed: 'Something went wrong creating your shoes',
    brandCreateFailed: 'Something went wrong creating your brand',
    shoeModified: 'Your modified shoe was added to store',
    sizeCreateFailed: 'Something went wrong creating the size',
    confirmDelete: "Are you sure? You won't be able to revert this!",
    deleted: 'Deleted!',
    cannotDemoteAdmin: "The administrator's own account cannot be disabled or demoted",
    // Answers and notices of the admin panel that the spec leaves to us.
    brandCreated: (name: string) => `The brand ${name} was added to store`,
    brandExists: 'A brand with this name already exists',
    brandHasShoes: 'This brand still has shoes: delete them first',
    brandNotFound: 'Brand not found',
    sizeAdded: (size: string, quantity: number) => `Size ${size} added with ${quantity} pairs`,
    sizeRestocked: (size: string, quantity: number) => `Size ${size} now has ${quantity} pairs`,
    onSale: (name: string) => `${name} is now on sale`,
    offSale: (name: string) => `${name} is no longer on sale`,
    imageTooLarge: (megabytes: number) => `The image can be at most ${megabytes} MB`,
    staleShoe: 'Someone else changed this shoe since you opened it. Reload it and try again.',
    managersByAdminOnly: 'Only the administrator can change managers',
    orderStatusChanged: (status: string) => `Order marked ${status}`,
    userStatusChanged: (email: string, status: string) => `${email} is now ${status}`,
    managerGranted: (email: string) => `${email} is now a manager`,
    managerRevoked: (email: string) => `${email} is no longer a manager`,
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
  /** The home page's help band and its chat (issue 32: say it is scripted, a person is one tap away). */
  helpChat: {
    heading: 'Questions about a size or an order?',
    scripted:
      'Our help assistant is automated: it answers the common questions straight away from a set list. For anything else, write to us and a person answers.',
    status: 'Automated assistant',
    contactUs: 'Contact us',
  },
  contact: {
    received: 'Thanks, we got your message and will answer soon.',
    name: 'Enter your name',
    email: 'Use a valid email',
    message: 'The message must contain between 20 and 500 characters',
  },
  common: {
    /** Shown when a request fails and the server gave no message of its own. */
    somethingWrong: 'Something went wrong, please try again.',
    /** The server is up but cannot reach its database (HTTP 503). */
    databaseUnavailable: 'The shop cannot reach its database right now. Please try again in a moment.',
  },
  orders: {
    notFound: 'Order not found',
  },
  catalog: {
    noSearchMatch: 'No shoes match your search',
    shoeNotFound: 'Shoe not found',
    unknownSize: 'Pick sizes from the size chart (6 to 11.5)',
    badPrice: 'A price is a number of dollars, like 50 or 49.99',
    priceRange: 'The lowest price cannot be above the highest',
    badFilterText: 'A colour or brand name has 1 to 40 characters',
    tooManyValues: 'Pick at most 20 values of one filter',
    badSort: 'Sort by price_asc, price_desc, newest or best_selling',
    badOnSale: 'onSale is true or false',
  },
  /** The catalogue's filters (domain/shoe-filters.ts) as the storefront shows them. */
  facets: {
    shoeCount,
    showResults: (count: number, atLeast = false) => `Show ${shoeCount(count, atLeast)}`,
  },
  /** Honest stock and 'Email me when it's back' (the shoe page, the restock mail). */
  restock: {
    emailMe: "Email me when it's back",
    onlyLeft: (left: number) => `Only ${left} left`,
    soldOut: 'sold out',
    waiting: (size: string) => `We will email you when size ${size} is back.`,
    inStock: 'This size is in stock: no need to wait for it',
    notOfShoe: 'This shoe does not come in this size',
  },
  /** The checkout's answers (server) beyond the spec's notices. */
  checkout: {
    // Not "on its way": nothing has shipped yet when the card is charged (issue 31 item 3).
    paid: 'Payment successful! Your order is confirmed.',
    pricesChanged: 'Prices changed since you filled your cart. Check the new total and pay again.',
    outOfStock: (name: string, size: string) => `Sorry, ${name} in size ${size} is out of stock.`,
    unknownShoe: 'A shoe in your cart is no longer in our catalogue.',
    shippingMethodGone: 'This shipping method is no longer offered. Choose another and pay again.',
    paymentMethodUsed: 'This payment method was already used. Enter your card again.',
    paymentMethodInvalid: 'This payment method is not valid. Enter your card again.',
    idempotencyMismatch: 'This Idempotency-Key was already used for another checkout.',
    inProgress: 'This checkout is still being processed.',
    providerUnavailable:
      'The payment service is not answering. Your card was not charged; try again in a moment.',
    providerTimeout:
      'The payment service did not answer in time. Your card was not charged; try again in a moment.',
    paymentUnconfirmed:
      'The payment service could not confirm your payment, so no order was placed. If your card was charged, ' +
      'the charge will be refunded automatically. Try again in a moment.',
  },
  /** The admin forms of spec §5. */
  adminForm: {
    brand: 'Enter a valid brand',
    brandFormat: "The brand's name can only contain letters and spaces",
    name: 'Enter a valid name',
    nameFormat: "The shoes' name can only contain letters and spaces",
    color: 'Enter a valid color',
    colorFormat: 'The color can only contain letters and spaces',
    price: 'Enter a valid price',
    priceFormat: 'Only numbers',
    size: 'Enter a valid size',
    sizeFormat: 'only numbers',
    quantity: 'Enter a valid quantity',
    quantityFormat: 'only numbers',
    description: 'Enter a valid description',
    descriptionFormat: 'The description can only contain letters and spaces',
    brandName: 'Enter a valid brand name',
    brandNameFormat: 'The name can only contain letters and spaces',
    sizeOnlyNumbers: 'The size can only contain number',
    quantityOnlyNumbers: 'The quantity can only contain number',
    image: 'Add a valid image',
    /** The size grid of Create Shoes (issue 33 item 6): more sizes beside the spec's first one. */
    moreSizes: 'Enter valid sizes and quantities',
    tooManySizes: (most: number) => `A shoe can have at most ${most} sizes`,
    sizeTwice: (size: string) => `Size ${size} is in the form twice`,
    /** The optional "compare at" price (issue 33 item 6): the was-price of a sale. */
    compareAtPrice: 'Enter a valid compare-at price in whole dollars',
    compareAtAbovePrice: 'The compare-at price must be higher than the price',
    /** A size's product codes (issue 33 item 2; domain/product-codes.ts). */
    sku: 'A SKU is up to 64 letters, digits, dots, hyphens and underscores, starting with a letter or digit',
    gtinFormat: 'A GTIN is 8, 12, 13 or 14 digits (a UPC or EAN from the box)',
    gtinCheckDigit: (gtin: string) =>
      `The GTIN ${gtin} does not add up: its last digit (the check digit) does not match the others. Check it against the box`,
    skuTaken: (sku: string) => `The SKU ${sku} is already used by another size`,
    gtinTaken: (gtin: string) => `The GTIN ${gtin} is already used by another size`,
  },
  /** The accountant's orders CSV (issue 33 item 4): its date range. */
  ordersExport: {
    from: 'Choose the first day of the orders to export (YYYY-MM-DD)',
    to: 'Choose the last day of the orders to export (YYYY-MM-DD)',
    toBeforeFrom: 'The last day must be on or after the first day',
    tooLong: (days: number) => `Export at most ${days} days at once: choose a shorter range`,
  },
  /** A shoe's photo gallery (issue 33 item 1): staff's Photos section and its API. */
  gallery: {
    full: (most: number) => `This shoe already has ${most} photos: delete one before adding another`,
    lastPhoto: 'A shoe needs at least one photo: add another before deleting this one',
    photoNotFound: 'This photo is no longer in the gallery. Reload the page and try again.',
    order: 'Send every photo of the gallery once, in the new order',
    alt: (most: number) => `Describe the photo in 1 to ${most} characters`,
    notAnImage: 'This file is not an image: choose a JPEG, PNG, WebP, GIF or AVIF photo',
    added: 'Photo added',
    altSaved: 'Description saved',
    reordered: 'Photos reordered',
    deleted: 'Photo deleted',
    coverChosen: 'Cover changed',
  },
  /** Refunds from the admin order view (issue 19). */
  refunds: {
    unknownLine: 'This line is not part of the order',
    tooManyPairs: (left: number) =>
      `Only ${left} ${left === 1 ? 'pair is' : 'pairs are'} left to refund on this line`,
    moreThanLeft: (left: string) => `Only ${left} is left to refund on this order`,
    nothingLeft: 'Nothing is left to refund on this order',
    inReturn: (askedOn: string) =>
      `These pairs are in the return asked on ${askedOn}: approve or reject that return instead`,
    heldForReturn: (left: string, askedOn: string) =>
      `Only ${left} can be refunded while the return asked on ${askedOn} waits: decide that return first`,
    keyRequired: 'Send an Idempotency-Key header (8 to 200 characters) with each refund',
    keyReused: 'This Idempotency-Key was already used for another refund.',
    unconfirmed:
      'The payment service did not confirm the refund yet: it is kept pending. Send the same refund again to confirm it.',
    refused: 'The payment service refused the refund; nothing was given back.',
  },
  /** A shopper's own data: downloaded, or deleted with the account (issue 20). */
  yourData: {
    deleted: 'Your account was deleted',
    administrator: 'The administrator’s account cannot be deleted',
    noPassword: 'Set a password first (Forgot password on the sign-in page) to delete this account',
  },
  /** Two-step sign-in: a password, then a code from an authenticator app or a recovery code (issue 20). */
  twoFactor: {
    on: 'Two-step sign-in is on',
    off: 'Two-step sign-in is off',
    alreadyOn: 'Two-step sign-in is already on',
    notOn: 'Two-step sign-in is not on for this account',
    notStarted: 'Start the setup again: no authenticator is waiting for its first code',
    fillCode: 'Enter the code',
    codeFormat: 'Enter the 6 digits your authenticator app shows',
    recoveryFormat: 'Enter a recovery code like ab12c-3de45',
    wrongCode: 'That code is not right',
    expired: 'Your sign-in took too long: enter your email and password again',
    locked: 'Too many wrong codes: try again in 15 minutes',
    staffRequired: 'Staff accounts need two-step sign-in or a passkey: set one up to use the admin panel',
    staffSignInAgain: 'Sign in again with your authenticator code or a passkey to use the admin panel',
    recoveryRenewed: 'New recovery codes: the old ones no longer work',
    /** The shop's session secret changed since the setup: neither the app's codes nor recovery codes can be checked. */
    unreadable:
      'Your two-step sign-in can no longer be checked here, because the shop’s secret key was changed since you set it up. Sign in with a passkey if you have one, or ask an administrator to reset your two-step sign-in, then set it up again',
  },
  /** Passkeys: sign in with the device's lock instead of a password (issue 20). */
  passkeys: {
    added: 'Passkey added',
    removed: 'Passkey removed',
    notFound: 'This passkey is already gone',
    invalid: 'The passkey’s answer is not valid: try again',
    expired: 'The passkey request expired: try again',
    notRecognised: 'This passkey is not registered here: sign in with your password',
    failed: 'The passkey could not be checked: try again',
    /** What the browser's WebAuthn refusal means, said plainly (issue 32; web/api/passkey-failure.ts). */
    signInCancelled:
      'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this shop',
    addCancelled: 'The passkey was not made: the request was cancelled or timed out',
    alreadyOnDevice: 'This device already holds a passkey for your account',
    deviceNotReady: 'This device could not use its passkey: try again or sign in with your password',
    wrongAddress: 'This address cannot use passkeys: open the shop at its own web address',
    unsupported: 'This browser cannot use passkeys',
    name: `A passkey’s name is at most 60 characters`,
    defaultName: 'Passkey',
  },
  /** The account page's list of signed-in devices (issue 20). */
  sessions: {
    notFound: 'This session has already ended',
    current: 'This is the session you are using: sign out instead',
    ended: 'Signed out of that device',
    endedOthers: (count: number) =>
      count === 0
        ? 'No other device was signed in'
        : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}`,
  },
  /** Returns asked for by the shopper (issue 19). */
  returns: {
    notReceived: 'Pairs can be returned once the order is received',
    nothingLeft: 'Everything paid for this order has been refunded already',
    windowClosed: (days: number) => `Returns are accepted for ${days} days after the order is received`,
    unknownLine: 'This line is not part of the order',
    tooManyPairs: (left: number) =>
      left === 0
        ? 'Every pair of this line is already refunded or asked back'
        : `Only ${left} ${left === 1 ? 'pair' : 'pairs'} of this line can still be returned`,
    pickPairs: 'Choose the pairs to return',
    pickReason: 'Choose a reason',
    note: 'A note is at most 500 characters',
    rejectMessage: 'Tell the shopper why, in 3 to 500 characters',
    notFound: 'Return request not found',
    decided: 'This return request has already been decided',
    notApproved: 'Approve this return before marking its pairs received',
  },
  /** Discount codes: the cart's answers and the admin form's rules. */
  discounts: {
    unknown: 'This code is not valid',
    inactive: 'This code is no longer valid',
    notStarted: (day: string) => `This code can be used from ${day}`,
    expired: 'This code has expired',
    usedUp: 'This code has been used up',
    usedByYou: 'You have already used this code',
    minimum: (more: string) => `Add ${more} more to your cart to use this code`,
    nothingApplies: 'This code does not apply to anything in your cart',
    codeFormat: 'A code has 3 to 32 letters and digits',
    codeExists: 'A code with this name already exists',
    percent: 'A percentage is a whole number from 1 to 90',
    amount: 'An amount is a number of dollars from 0.01 to 10000',
    minSubtotal: 'A minimum subtotal is a number of dollars up to 10000',
    dates: 'The end date cannot be before the start date',
    date: 'Enter a date as YYYY-MM-DD',
    uses: 'The number of uses is a whole number from 1 to 1000000',
    belowUses: (uses: number) => `This code was used ${uses} times already: the limit cannot be lower`,
    brands: 'Pick at least one brand',
    notFound: 'Discount code not found',
  },
  /** Saved delivery addresses on /account, offered at checkout (issue 31 item 4). */
  addresses: {
    added: 'Address saved',
    updated: 'Address updated',
    deleted: 'Address deleted',
    madeDefault: 'This is now your default address',
    notFound: 'This address is not in your account',
    limit: (max: number) => `You can keep up to ${max} addresses: delete one to save another`,
  },
  /** The staff's shipping methods (issue 31 item 5). */
  shippingMethods: {
    name: 'A name has 1 to 40 characters',
    nameExists: 'A shipping method with this name already exists',
    price: 'A price is a number of dollars from 0 to 10000, such as 19.95 (0 is free)',
    freeAbove: 'Free above is a subtotal in dollars up to 100000, or empty for never free',
    days: 'Business days are a whole number from 0 to 60',
    dayOrder: 'The latest day cannot be before the soonest',
    order: 'List every shipping method exactly once',
    notFound: 'Shipping method not found',
  },
  /** The staff's sales tax per state (issue 31 item 6). */
  /** Drops (issue 36): the staff's form, the entry, the draw's answers and its mails. */
  drops: {
    shippingNotOffered: 'This shipping method is not offered: choose another',
    notEditable: 'A drop can be changed only until it opens',
    otherShoe: 'A drop keeps its shoe: cancel it and schedule another',
    shoe: 'Choose a shoe',
    mode: 'Choose how the pairs are sold: a draw or first come',
    time: 'Enter a date and time',
    window: 'The close must come after the opening, within 30 days',
    opensInPast: 'The opening time has passed',
    tooFarAhead: 'A drop can be scheduled up to a year ahead',
    size: 'Choose a size',
    sizes: 'Give the pairs of at least one size',
    sizesTwice: 'Each size is given once',
    pairs: 'Pairs are a whole number from 1 to 10000',
    admitPerMinute: 'Shoppers let in per minute: a whole number from 1 to 10000',
    minutesToPay: 'Minutes to pay: a whole number from 1 to 30',
    notOfShoe: (size: string) => `This shoe does not come in size ${size}`,
    notEnoughStock: (size: string, stock: number) =>
      `Size ${size} has ${stock} ${stock === 1 ? 'pair' : 'pairs'} in stock: add stock before dropping more`,
    shoeInDrop: 'This shoe already has a drop that is not over',
    notFound: 'Drop not found',
    card: 'Enter the card to charge if you win',
    notOpen: 'Entries to this drop are not open',
    notDraw: 'This drop is not a draw',
    verifyEmail:
      'Drops need a confirmed email address: open the link we mailed you, or send a new one from your account page',
    entered: (size: string) => `You are in the draw for size ${size}. We will email you the outcome.`,
    alreadyEntered: 'You have already entered this drop: one entry per person',
    cardUsed: 'This card has already entered this drop: one entry per person',
    addressUsed: 'This address has already entered this drop: one pair per address',
    soldInDrop: (name: string) => `${name} is sold in a drop: enter it on its page.`,
    cannotCancel: 'This drop has been drawn already: it can no longer be cancelled',
    cannotClose: 'Entries to this drop are not open',
    cancelled: 'The drop is cancelled',
    closing: 'Entries are closed: the draw has started',
    noResult: 'This drop has not been drawn yet',
    notFirstCome: 'This drop is not first come',
    queueNotOpen: 'The waiting room opens 10 minutes before the drop',
    notQueued: 'Join the waiting room first',
    notYourTurn: 'It is not your turn yet: keep the waiting page open',
    passExpired: 'Your time to pay has run out',
    soldOut: 'Every pair of this drop is sold',
    sizeSoldOut: (size: string) => `Size ${size} is sold out`,
    bought: (size: string) => `You got a pair in size ${size}: your order is placed.`,
    alreadyBought: 'You have already bought a pair of this drop: one pair per person',
    cardUsedToBuy: 'This card has already bought a pair of this drop: one pair per person',
    addressUsedToBuy: 'This address has already bought a pair of this drop: one pair per address',
    saleClosed: 'This drop is over',
    payAgain:
      'Your payment could not be finished: try again in a moment. Your pair is kept for you while your time to pay lasts',
  },
  salesTax: {
    state: 'Choose a US state',
    rate: 'A rate is a percentage above 0 and up to 25, with up to 3 decimals, such as 7.25',
    notFound: 'No sales tax is set for this state',
  },
  /** The web pages of drops (issue 36): the drop page, the storefront's announcements, account and admin. */
  dropPages: {
    phase: {
      upcoming: 'Opens soon',
      open: 'Entries open',
      closed: 'Entries closed',
      drawing: 'Drawing',
      drawn: 'Drawn',
      cancelled: 'Cancelled',
    },
    mode: { draw: 'Draw', first_come: 'First come' },
    /** An entry's outcome in the shopper's account, where a first-come purchase is listed as `won`. */
    outcome: {
      entered: 'Waiting for the draw',
      won: 'You got a pair',
      declined: 'Card declined',
      lost: 'Not drawn',
    },
    /** An entry's outcome in the published list, where it is nobody's in particular. */
    publicOutcome: { entered: 'waiting', won: 'won', declined: 'card declined', lost: 'not drawn' },
    opensIn: 'Entries open in',
    closesIn: 'Entries close in',
    drawSoon: 'Entries are closed: the draw starts in a moment',
    drawing: 'The draw is running: winners are being charged',
    drawnOn: (when: string) => `Drawn ${when}`,
    cancelled: 'This drop was cancelled: nobody is charged',
    pairsOfSize: (size: string, pairs: number) => `Size ${size}: ${pairs} ${pairs === 1 ? 'pair' : 'pairs'}`,
    entries: (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`,
    entryHeading: 'Enter the draw',
    chargedIfWon: 'Charged only if you win',
    entryIntro:
      'One entry per person, card and address. Your card is saved for the draw and charged only if you win.',
    signInToEnter: 'Sign in to enter the draw',
    enterButton: 'Enter the draw',
    entering: 'Entering…',
    youAreIn: (size: string) => `You are in the draw for size ${size}`,
    /** A draw's won entry on the drop's own page, where the mode is known. */
    wonDraw: 'You won',
    yourOutcome: 'Your entry',
    viewOrder: 'View your order',
    fairnessHeading: 'Fairness',
    fairnessIntro:
      'Before entries opened we published the SHA-256 of a secret seed. At the draw we reveal the seed: anyone can check it matches, and recompute the order of every entry with nothing of ours.',
    commitment: 'Commitment (SHA-256 of the seed)',
    seed: 'Seed',
    seedHidden: 'Revealed at the draw',
    entryIds: (count: number) => `Entry ids (${count})`,
    firstEntries: (shown: number, total: number) => `The first ${shown} of ${total}.`,
    allEntriesJson: 'All entries as JSON',
    checkHeading: 'Check it yourself',
    checkSeed: 'The seed hashes to the commitment:',
    checkRank: 'Each entry’s rank is the HMAC-SHA256 of its id keyed with the seed:',
    checkWalk:
      'Sort the ranks ascending. Walk them size by size: each entry wins a pair of its size while pairs are left, skipping the entries whose card was declined.',
    dropPanelHeading: 'Sold in a drop',
    dropPanelLink: 'Go to the drop',
    upcomingHeading: 'Upcoming drops',
    accountHeading: 'Your drop entries',
    noEntries: 'You have not entered any drop yet.',
    card: (last4: string) => `Card ending ${last4}`,
    viewDrop: 'View the drop',
    adminTitle: 'Drops',
    adminIntro:
      'Limited releases of a shoe: a draw among the entries at the close, or first come. The pairs come from the shoe’s stock when a winner’s order is recorded.',
    adminLinkHint: 'Draws and limited releases',
    scheduleHeading: 'Schedule a drop',
    scheduleButton: 'Schedule the drop',
    scheduled: (name: string) => `Drop of ${name} scheduled`,
    editDrop: 'Change the drop',
    editHeading: (name: string) => `Change the drop of ${name}`,
    saveDrop: 'Save changes',
    dropChanged: (name: string) => `Drop of ${name} changed`,
    noDrops: 'No drops yet.',
    closeNow: 'Close entries and draw now',
    closeConfirm: 'Close the entries now and draw? Winners are charged at once.',
    closed: 'Entries closed: the draw has started',
    cancelDrop: 'Cancel drop',
    cancelConfirm: 'Cancel this drop? Its entries are dropped and nobody is charged.',
    cancelledToast: 'Drop cancelled',
    flagCard: (email: string) => `card also tried by ${email}`,
    flagAddress: (email: string) => `address also tried by ${email}`,
    drawProgress: (won: number, pairs: number) => `${won} of ${pairs} pairs won`,
    noEntriesYet: 'No entries yet.',
    /** A first-come drop's waiting room (issue 36 item 2b, docs/decisions/034). */
    waitingRoom: {
      heading: 'Waiting room',
      intro:
        'First come: join the waiting room, and when your turn comes you have a few minutes to buy. One pair per person.',
      opensAt: 'The waiting room opens at',
      opensIn: 'The waiting room opens in',
      signIn: 'Sign in to join the waiting room',
      goToAccount: 'Go to your account',
      join: 'Join the waiting room',
      joining: 'Joining…',
      joinHint: 'Everyone who joins before the drop opens gets a place drawn at random at the opening.',
      early: 'You are in the waiting room',
      earlyNote:
        'Your place is drawn at random when the drop opens, among everyone who joined before it: there is no need to rush. Keep this page open.',
      dropOpensIn: 'The drop opens in',
      yourPlace: 'Your place',
      ahead: (count: number) =>
        count === 0
          ? 'Nobody ahead of you'
          : `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'} ahead of you`,
      wait: (minutes: number) =>
        minutes <= 1 ? 'Your turn in about a minute' : `Your turn in about ${minutes} minutes`,
      keepOpen: 'Keep this page open: it lets you in when your turn comes.',
      yourTurn: 'It’s your turn',
      payBefore: (time: string) => `Pay before ${time}`,
      timeToPay: 'Time left to pay',
      buyIntro:
        'Choose your size, where it goes and the card to pay with. One pair per person, card and address.',
      buy: 'Buy now',
      youPay: 'You pay',
      buying: 'Buying…',
      signInToBuy: 'Sign in to buy',
      expiredNote: 'Your place went to the next in line.',
      soldOutNote: 'Thanks for waiting: every pair found its buyer.',
      closedNote: 'The sale has ended.',
      rulesHeading: 'How the waiting room works',
      rules: [
        'The waiting room opens 10 minutes before the drop.',
        'Everyone who joins before the opening gets a place drawn at random at the opening; later arrivals queue in the order they come.',
        'Places are let in a few at a time. Once in, you have a few minutes to pay.',
        'One pair per person, card and address.',
      ],
      yourPair: 'Your pair',
      /** A first-come drop's phases and countdowns, where a draw's speak of entries. */
      saleOpensIn: 'Sale opens in',
      saleEndsIn: 'Sale ends in',
      phase: { open: 'On sale', closed: 'Sale over' },
      /** Staff's words for a first-come drop, where a draw's speak of entries. */
      purchasesHeading: 'Purchases',
      purchases: (count: number) => `${count} ${count === 1 ? 'purchase' : 'purchases'}`,
      noPurchasesYet: 'No purchases yet.',
      joined: (count: number) => `${count.toLocaleString('en-US')} joined`,
      purchaseOutcome: { entered: 'paying', won: 'bought', declined: 'card declined', lost: 'not bought' },
    },
  },
} as const;
