export * from './errors.js';
export * from './roles.js';
export * from './permissions.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/user.js';
