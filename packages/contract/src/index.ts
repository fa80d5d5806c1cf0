export * from './codes.js';
export * from './constants.js';
export * from './envelope.js';
export * from './endpoint.js';
export * from './endpoints/index.js';
export * from './client/api-error.js';
export * from './client/http-client.js';
export * from './client/api-client.js';
