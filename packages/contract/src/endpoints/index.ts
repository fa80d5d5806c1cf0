export * from './app.js';
export * from './auth.js';
export * from './health.js';
export * from './task.js';
export * from './user.js';
export * from './catalog.js';
export * from './social.js';
export * from './wallet.js';
