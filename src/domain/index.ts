export * from './constants.js';
export * from './messages.js';
export * from './size-chart.js';
export * from './paging.js';
export * from './cart.js';
export * from './catalog.js';
export * from './forms.js';
export * from './review.js';
