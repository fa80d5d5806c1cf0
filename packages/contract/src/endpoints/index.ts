export * from './app.js';
export * from './auth.js';
export * from './health.js';
export * from './task.js';
export * from './user.js';
